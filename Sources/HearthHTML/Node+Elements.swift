// Element helpers, two per tag: `.div([.class("card")], children...)` and `.div(children...)`.
// Void elements take only attributes: `.input(.type("email"), .name("email"))`.
extension Node {
  public static func html(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("html", attributes, children)
  }
  public static func html(_ children: Node...) -> Node { .element("html", [], children) }
  public static func head(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("head", attributes, children)
  }
  public static func head(_ children: Node...) -> Node { .element("head", [], children) }
  public static func body(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("body", attributes, children)
  }
  public static func body(_ children: Node...) -> Node { .element("body", [], children) }
  public static func title(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("title", attributes, children)
  }
  public static func title(_ children: Node...) -> Node { .element("title", [], children) }
  public static func header(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("header", attributes, children)
  }
  public static func header(_ children: Node...) -> Node { .element("header", [], children) }
  public static func nav(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("nav", attributes, children)
  }
  public static func nav(_ children: Node...) -> Node { .element("nav", [], children) }
  public static func main(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("main", attributes, children)
  }
  public static func main(_ children: Node...) -> Node { .element("main", [], children) }
  public static func footer(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("footer", attributes, children)
  }
  public static func footer(_ children: Node...) -> Node { .element("footer", [], children) }
  public static func section(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("section", attributes, children)
  }
  public static func section(_ children: Node...) -> Node { .element("section", [], children) }
  public static func article(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("article", attributes, children)
  }
  public static func article(_ children: Node...) -> Node { .element("article", [], children) }
  public static func aside(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("aside", attributes, children)
  }
  public static func aside(_ children: Node...) -> Node { .element("aside", [], children) }
  public static func div(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("div", attributes, children)
  }
  public static func div(_ children: Node...) -> Node { .element("div", [], children) }
  public static func span(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("span", attributes, children)
  }
  public static func span(_ children: Node...) -> Node { .element("span", [], children) }
  public static func p(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("p", attributes, children)
  }
  public static func p(_ children: Node...) -> Node { .element("p", [], children) }
  public static func a(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("a", attributes, children)
  }
  public static func a(_ children: Node...) -> Node { .element("a", [], children) }
  public static func h1(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("h1", attributes, children)
  }
  public static func h1(_ children: Node...) -> Node { .element("h1", [], children) }
  public static func h2(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("h2", attributes, children)
  }
  public static func h2(_ children: Node...) -> Node { .element("h2", [], children) }
  public static func h3(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("h3", attributes, children)
  }
  public static func h3(_ children: Node...) -> Node { .element("h3", [], children) }
  public static func h4(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("h4", attributes, children)
  }
  public static func h4(_ children: Node...) -> Node { .element("h4", [], children) }
  public static func ul(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("ul", attributes, children)
  }
  public static func ul(_ children: Node...) -> Node { .element("ul", [], children) }
  public static func ol(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("ol", attributes, children)
  }
  public static func ol(_ children: Node...) -> Node { .element("ol", [], children) }
  public static func li(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("li", attributes, children)
  }
  public static func li(_ children: Node...) -> Node { .element("li", [], children) }
  public static func dl(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("dl", attributes, children)
  }
  public static func dl(_ children: Node...) -> Node { .element("dl", [], children) }
  public static func dt(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("dt", attributes, children)
  }
  public static func dt(_ children: Node...) -> Node { .element("dt", [], children) }
  public static func dd(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("dd", attributes, children)
  }
  public static func dd(_ children: Node...) -> Node { .element("dd", [], children) }
  public static func form(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("form", attributes, children)
  }
  public static func form(_ children: Node...) -> Node { .element("form", [], children) }
  public static func fieldset(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("fieldset", attributes, children)
  }
  public static func fieldset(_ children: Node...) -> Node { .element("fieldset", [], children) }
  public static func legend(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("legend", attributes, children)
  }
  public static func legend(_ children: Node...) -> Node { .element("legend", [], children) }
  public static func label(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("label", attributes, children)
  }
  public static func label(_ children: Node...) -> Node { .element("label", [], children) }
  public static func textarea(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("textarea", attributes, children)
  }
  public static func textarea(_ children: Node...) -> Node { .element("textarea", [], children) }
  public static func select(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("select", attributes, children)
  }
  public static func select(_ children: Node...) -> Node { .element("select", [], children) }
  public static func option(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("option", attributes, children)
  }
  public static func option(_ children: Node...) -> Node { .element("option", [], children) }
  public static func datalist(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("datalist", attributes, children)
  }
  public static func datalist(_ children: Node...) -> Node { .element("datalist", [], children) }
  public static func button(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("button", attributes, children)
  }
  public static func button(_ children: Node...) -> Node { .element("button", [], children) }
  public static func table(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("table", attributes, children)
  }
  public static func table(_ children: Node...) -> Node { .element("table", [], children) }
  public static func caption(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("caption", attributes, children)
  }
  public static func caption(_ children: Node...) -> Node { .element("caption", [], children) }
  public static func thead(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("thead", attributes, children)
  }
  public static func thead(_ children: Node...) -> Node { .element("thead", [], children) }
  public static func tbody(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("tbody", attributes, children)
  }
  public static func tbody(_ children: Node...) -> Node { .element("tbody", [], children) }
  public static func tr(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("tr", attributes, children)
  }
  public static func tr(_ children: Node...) -> Node { .element("tr", [], children) }
  public static func th(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("th", attributes, children)
  }
  public static func th(_ children: Node...) -> Node { .element("th", [], children) }
  public static func td(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("td", attributes, children)
  }
  public static func td(_ children: Node...) -> Node { .element("td", [], children) }
  public static func strong(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("strong", attributes, children)
  }
  public static func strong(_ children: Node...) -> Node { .element("strong", [], children) }
  public static func em(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("em", attributes, children)
  }
  public static func em(_ children: Node...) -> Node { .element("em", [], children) }
  public static func small(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("small", attributes, children)
  }
  public static func small(_ children: Node...) -> Node { .element("small", [], children) }
  public static func code(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("code", attributes, children)
  }
  public static func code(_ children: Node...) -> Node { .element("code", [], children) }
  public static func pre(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("pre", attributes, children)
  }
  public static func pre(_ children: Node...) -> Node { .element("pre", [], children) }
  public static func time(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("time", attributes, children)
  }
  public static func time(_ children: Node...) -> Node { .element("time", [], children) }
  public static func details(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("details", attributes, children)
  }
  public static func details(_ children: Node...) -> Node { .element("details", [], children) }
  public static func summary(_ attributes: [Attribute], _ children: Node...) -> Node {
    .element("summary", attributes, children)
  }
  public static func summary(_ children: Node...) -> Node { .element("summary", [], children) }
  public static func meta(_ attributes: Attribute...) -> Node { .element("meta", attributes, []) }
  public static func link(_ attributes: Attribute...) -> Node { .element("link", attributes, []) }
  public static func input(_ attributes: Attribute...) -> Node { .element("input", attributes, []) }
  public static func br(_ attributes: Attribute...) -> Node { .element("br", attributes, []) }
  public static func hr(_ attributes: Attribute...) -> Node { .element("hr", attributes, []) }
  public static func img(_ attributes: Attribute...) -> Node { .element("img", attributes, []) }
  /// `<script>` with a source file; inline scripts are not offered on purpose.
  public static func script(src: String, _ attributes: Attribute...) -> Node {
    .element("script", [.src(src)] + attributes, [])
  }
}
