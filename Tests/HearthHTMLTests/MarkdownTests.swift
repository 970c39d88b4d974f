import Testing

@testable import HearthHTML

@Suite struct MarkdownTests {
  func html(_ source: String) -> String { Markdown.node(source).render() }

  @Test func paragraphsKeepTheirLineBreaks() {
    #expect(html("One\ntwo\n\nThree") == "<p>One<br>two</p><p>Three</p>")
  }

  @Test func emphasisStrongAndCode() {
    #expect(
      html("**Yes**, *gently*, _softly_ and `code`")
        == "<p><strong>Yes</strong>, <em>gently</em>, <em>softly</em> and <code>code</code></p>")
    #expect(html("snake_case_name and 2 * 3 * 4") == "<p>snake_case_name and 2 * 3 * 4</p>")
  }

  @Test func listsQuotesHeadingsRulesAndFences() {
    #expect(html("- one\n- two") == "<ul><li>one</li><li>two</li></ul>")
    #expect(html("1. first\n2) second") == "<ol><li>first</li><li>second</li></ol>")
    #expect(html("> a quote\n> goes on") == "<blockquote><p>a quote<br>goes on</p></blockquote>")
    #expect(html("## Title") == "<p class=\"md-heading md-h2\"><strong>Title</strong></p>")
    #expect(html("a\n\n---\n\nb") == "<p>a</p><hr><p>b</p>")
    #expect(html("```\n<b>x</b>\n```") == "<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>")
  }

  @Test func linksOnlyToTheWebAndMail() {
    #expect(
      html("[site](https://lightward.com)")
        == "<p><a href=\"https://lightward.com\" rel=\"noopener noreferrer nofollow\">site</a></p>")
    #expect(
      html("see https://example.com/a.")
        == "<p>see <a href=\"https://example.com/a\" rel=\"noopener noreferrer nofollow\">"
        + "https://example.com/a</a>.</p>")
    #expect(html("[x](javascript:alert(1))") == "<p>[x](javascript:alert(1))</p>")
  }

  @Test func aPreviewHasTheWordsWithoutTheMarks() {
    #expect(
      Markdown.plainText("**Gently** now:\n\n- breathe\n- listen") == "Gently now: breathe listen")
  }

  @Test func aLinkHoldsNoOtherLink() {
    #expect(
      html("[see https://x.example](https://y.example)")
        == "<p><a href=\"https://y.example\" rel=\"noopener noreferrer nofollow\">see https://x.example</a></p>"
    )
  }

  @Test func hostileShapesStayCheap() {
    let quotes = html(String(repeating: ">", count: 20_000))
    #expect(quotes.hasPrefix(String(repeating: "<blockquote>", count: Markdown.deepestQuote)))
    let brackets = html(String(repeating: "[", count: 20_000))
    #expect(brackets == "<p>" + String(repeating: "[", count: 20_000) + "</p>")
  }

  @Test func markupInTheSourceStaysText() {
    let hostile = "<script>alert(1)</script> **<img src=x onerror=alert(1)>**"
    let rendered = html(hostile)
    #expect(!rendered.contains("<script"))
    #expect(!rendered.contains("<img"))
    #expect(rendered.contains("&lt;script&gt;"))
  }
}
