import Foundation
import OnpuCore
import Testing

@Suite struct KangxiRadicalTests {
  @Test func theTableHasEveryRadicalOnceInTheKangxiBlock() throws {
    let all = KangxiRadical.all
    #expect(all.count == 214)
    #expect(all.map(\.number) == Array(1...214))
    for radical in all {
      let scalars = radical.character.unicodeScalars
      #expect(scalars.count == 1 && (0x2F00...0x2FD5).contains(scalars.first!.value))
      let ideograph = try #require(radical.ideograph.unicodeScalars.first)
      #expect(radical.ideograph.unicodeScalars.count == 1, "\(radical.number)")
      #expect((0x4E00...0x9FFF).contains(ideograph.value), "\(radical.number) \(radical.ideograph)")
      #expect(!radical.name.isEmpty && radical.name == radical.name.lowercased())
    }
    #expect(Set(all.map(\.ideograph)).count == 214 && Set(all.map(\.name)).count == 214)
    // The dictionary orders its radicals by stroke count, from 1 to 17.
    #expect(all.first?.strokes == 1 && all.last?.strokes == 17)
    #expect(zip(all, all.dropFirst()).allSatisfy { $0.strokes <= $1.strokes })
  }

  @Test func aRadicalHasItsIdeographStrokesNameAndVariant() throws {
    let water = try #require(KangxiRadical(number: 85))
    #expect(water.character == "\u{2F54}" && water.ideograph == "水")
    #expect(water.strokes == 4 && water.name == "water" && water.variant == "氵")
    let grass = try #require(KangxiRadical(number: 140))
    #expect(grass.ideograph == "艸" && grass.strokes == 6 && grass.variant == "艹")
    #expect(KangxiRadical(number: 1)?.ideograph == "一")
    #expect(KangxiRadical(number: 9)?.name == "person")
    #expect(KangxiRadical(number: 214)?.strokes == 17)
    #expect(KangxiRadical(number: 30)?.variant == nil)
    #expect(KangxiRadical(number: 0) == nil && KangxiRadical(number: 215) == nil)
  }

  @Test func aRadicalSearchNamesItByNumberCharacterOrVariant() {
    #expect(KangxiRadical.named("85")?.number == 85)
    #expect(KangxiRadical.named("水")?.number == 85)
    #expect(KangxiRadical.named("氵")?.number == 85)
    #expect(KangxiRadical.named("\u{2F54}")?.number == 85)
    #expect(KangxiRadical.query("radical:149")?.ideograph == "言")
    #expect(KangxiRadical.query("Radical: 忄")?.number == 61)
    #expect(KangxiRadical.isQuery("radical:x") && KangxiRadical.query("radical:x") == nil)
    #expect(KangxiRadical.query("radical:300") == nil)
    #expect(!KangxiRadical.isQuery("水") && KangxiRadical.query("85") == nil)
  }

  @Test func kanjidic2RadicalValuesAreParsed() throws {
    let xml = """
      <kanjidic2><character><literal>海</literal>
      <radical><rad_value rad_type="classical">85</rad_value><rad_value rad_type="nelson_c">85</rad_value></radical>
      <misc><stroke_count>9</stroke_count></misc></character>
      <character><literal>丂</literal><radical><rad_value rad_type="nelson_c">1</rad_value></radical>
      <misc><stroke_count>2</stroke_count></misc></character></kanjidic2>
      """
    let entries = try Kanjidic2Parser.parse(Array(xml.utf8))
    #expect(entries.map(\.radical) == [85, nil])
  }
}
