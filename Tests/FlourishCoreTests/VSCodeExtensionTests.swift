import Foundation
import Testing
@testable import FlourishCore

/// The VS Code extension in `editors/vscode`: its manifest and files, and its client driven by
/// Node with a stand-in for VS Code's API (`Support/vscode`) against the real `flourish lsp`.
@Suite struct VSCodeExtensionTests {
    static let folder = TestSupport.root + "/editors/vscode"

    func json(_ path: String) throws -> JSONValue {
        try JSONParser.parse(Array(TestSupport.read(path).utf8))
    }

    @Test func theManifestNamesFilesThatExist() throws {
        let manifest = try json(Self.folder + "/package.json")
        #expect(manifest["main"]?.stringValue == "./extension.js")
        #expect(manifest["activationEvents"]?.arrayValue == [.string("onLanguage:flourish")])
        let language = try #require(manifest["contributes"]?["languages"]?.arrayValue?.first)
        #expect(language["id"]?.stringValue == "flourish")
        #expect(language["extensions"]?.arrayValue == [.string(".flourish")])
        let grammar = try #require(manifest["contributes"]?["grammars"]?.arrayValue?.first)
        #expect(grammar["scopeName"]?.stringValue == "source.flourish")
        for relative in [manifest["main"], language["configuration"], grammar["path"]].compactMap({ $0?.stringValue }) {
            #expect(FileManager.default.fileExists(atPath: Self.folder + "/" + relative), "\(relative) is missing")
        }
        // Format on save is on for Flourish files.
        #expect(manifest["contributes"]?["configurationDefaults"]?["[flourish]"]?["editor.formatOnSave"] == .bool(true))
        // No dependencies: the folder installs as it is.
        #expect(manifest["dependencies"] == nil)
        #expect(manifest["scripts"] == nil)
        let configuration = try json(Self.folder + "/language-configuration.json")
        #expect(configuration["comments"]?["lineComment"]?.stringValue == ";")
    }

    /// The extension carries the grammar in its own folder (VS Code reads only from there); it
    /// is the same file as `editors/flourish.tmLanguage.json`, which the grammar tests check.
    @Test func itsGrammarIsTheTestedOne() {
        #expect(TestSupport.read(Self.folder + "/syntaxes/flourish.tmLanguage.json") == TestSupport.read(TestSupport.root + "/editors/flourish.tmLanguage.json"))
    }

    @Test(.enabled(if: Tools.has("node"), "Node is not installed (apt-get install nodejs)"))
    func theClientAsVSCodeDrivesIt() throws {
        let binary = TestSupport.root + "/.build/debug/flourish"
        try #require(FileManager.default.isExecutableFile(atPath: binary), "build flourish first (swift build)")
        let work = TestSupport.temporaryDirectory()
        let result = Tools.run(try #require(Tools.path("node")), [TestSupport.root + "/Tests/FlourishCoreTests/Support/vscode/drive.js", Self.folder, binary, work])
        #expect(result.status == 0)
        let expected = """
        problems in main.flourish: none
        problems in 2026.flourish: none
        problems in 2026.flourish: none
        problems in 2026.flourish: 0:0-0:23 error overcommitted: overcommitted by 185.40 on 2026-03-14: the set-asides exceed the funds of -97.20
        problems in 2026.flourish: none
        completion: Café → Café, Compte Chèque → "Compte Chèque", Zoë → Zoë, Rent → Rent
        hover: **Compte Chèque** — account, declared at \(work)/main.flourish:2⏎⏎balance at the end of 2026-03-14: €496.80⏎⏎amount left out on this line: -€3.20
        inlay hints: 3:17 -€3.20
        definition: main.flourish 2:9-2:13
        rename: main.flourish 2:9-2:13 "Coffee shop", 2026.flourish 1:2-1:6 "Coffee shop"
        rename refused: “Rent” is already declared (expense category): renaming “Café” to it would merge the two
        problems in 2026.flourish: 2:2-2:5 error unknown-name: unknown account, category or person `Zoe`
        quick fixes: Replace with Zoë, Declare Zoe as a category, Declare Zoe as an account, Declare Zoe as a person
        formatted on save: "2026-03-14 * Croissants\\n  Café              6.40\\n  Zoë              -3.20\\n  \\"Compte Chèque\\"\\n"
        error messages shown: none

        """
        #expect(result.output == expected)
    }
}
