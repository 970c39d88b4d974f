import Testing

@testable import HearthHTML

@Suite struct NodeTests {
  @Test func textIsEscaped() {
    let hostile = "<script>alert('x')</script> & \"quoted\""
    let html = Node.p(.text(hostile)).render()
    #expect(
      html
        == "<p>&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quoted&quot;</p>")
    #expect(!html.contains("<script>"))
  }

  @Test func interpolatedLiteralsAreEscapedText() {
    let name = "<img src=x onerror=alert(1)>"
    let html = Node.h1("Hello \(name)").render()
    #expect(html == "<h1>Hello &lt;img src=x onerror=alert(1)&gt;</h1>")
  }

  @Test func attributeValuesAreEscaped() {
    let hostile = "\" onmouseover=\"alert(1)\" x='"
    let html = Node.a([.href(hostile), .title("<b>&</b>")], "link").render()
    #expect(
      html
        == "<a href=\"&quot; onmouseover=&quot;alert(1)&quot; x=&#39;\" title=\"&lt;b&gt;&amp;&lt;/b&gt;\">link</a>"
    )
    #expect(!html.contains("\" onmouseover"))
  }

  @Test func attributeAndTagNamesAreSanitized() {
    let html = Node.el("di v><script", [.attr("x\" onclick=\"y", "1")]).render()
    #expect(!html.contains("<script"))
    #expect(!html.contains("\" onclick"))
    #expect(html.hasPrefix("<divscript xonclicky=\"1\">"))
  }

  @Test func voidElementsHaveNoClosingTag() {
    #expect(Node.input(.type("text"), .name("q")).render() == "<input type=\"text\" name=\"q\">")
    #expect(Node.br().render() == "<br>")
    #expect(Node.el("img", [.src("a.png")], ["ignored"]).render() == "<img src=\"a.png\">")
  }

  @Test func booleanAndOptionalAttributes() {
    let on = Node.input(.name("a"), .required, .flag("disabled", false), .optional("value", nil))
    #expect(on.render() == "<input name=\"a\" required>")
    let script = Node.script(src: "/static/hearth.mjs", .type("module")).render()
    #expect(script == "<script src=\"/static/hearth.mjs\" type=\"module\"></script>")
    #expect(Node.p([.ariaInvalid(false), .ariaDescribedBy([])], "x").render() == "<p>x</p>")
    #expect(
      Node.p([.ariaInvalid(true), .ariaDescribedBy(["a", "b"])], "x").render()
        == "<p aria-invalid=\"true\" aria-describedby=\"a b\">x</p>")
  }

  @Test func rawFragmentAndEmpty() {
    let node = Node.div(
      [.class("card")], .raw("<em>trusted</em>"), .fragment(["a", "<b>"]), .empty,
      .when(false, "never"), .when(true, "yes"))
    #expect(node.render() == "<div class=\"card\"><em>trusted</em>a&lt;b&gt;yes</div>")
  }

  @Test func documentStartsWithDoctype() {
    let html = Node.html([.lang("en")], .body("hi")).renderDocument()
    #expect(html.hasPrefix("<!doctype html>\n<html lang=\"en\"><body>hi</body></html>"))
  }

  @Test func escapeHelperCoversAllFiveCharacters() {
    #expect(HTML.escape("&<>\"'") == "&amp;&lt;&gt;&quot;&#39;")
    #expect(HTML.escape("日本語 ok") == "日本語 ok")
  }
}
