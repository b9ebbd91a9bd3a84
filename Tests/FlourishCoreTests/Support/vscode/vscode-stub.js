// A stand-in for the parts of VS Code's extension API that editors/vscode/extension.js uses,
// with the same names and shapes (https://code.visualstudio.com/api/references/vscode-api),
// so the extension can be driven by Node against the real `flourish lsp` in the tests.
// Providers and listeners are recorded for drive.js to call and fire.
'use strict';

class Position {
  constructor(line, character) { this.line = line; this.character = character; }
}
class Range {
  constructor(start, end) { this.start = start; this.end = end; }
}
class Uri {
  constructor(scheme, path) { this.scheme = scheme; this.path = path; }
  static parse(text) {
    const match = /^([a-z]+):\/\/(.*)$/.exec(text);
    return match ? new Uri(match[1], decodeURIComponent(match[2])) : new Uri('file', text);
  }
  static file(path) { return new Uri('file', path); }
  get fsPath() { return this.path; }
  toString() { return `${this.scheme}://${encodeURI(this.path)}`; }
}
class Location {
  constructor(uri, range) { this.uri = uri; this.range = range; }
}
const DiagnosticSeverity = { Error: 0, Warning: 1, Information: 2, Hint: 3 };
class Diagnostic {
  constructor(range, message, severity) { this.range = range; this.message = message; this.severity = severity; }
}
class DiagnosticRelatedInformation {
  constructor(location, message) { this.location = location; this.message = message; }
}
class CompletionItem {
  constructor(label, kind) { this.label = label; this.kind = kind; }
}
class MarkdownString {
  constructor(value) { this.value = value; }
}
class Hover {
  constructor(contents) { this.contents = contents; }
}
class TextEdit {
  constructor(range, newText) { this.range = range; this.newText = newText; }
  static replace(range, newText) { return new TextEdit(range, newText); }
}
class WorkspaceEdit {
  constructor() { this.entries = []; }
  replace(uri, range, newText) { this.entries.push([uri, new TextEdit(range, newText)]); }
}
class DocumentSymbol {
  constructor(name, detail, kind, range, selectionRange) {
    Object.assign(this, { name, detail, kind, range, selectionRange, children: [] });
  }
}
const CodeActionKind = { QuickFix: 'quickfix' };
class CodeAction {
  constructor(title, kind) { this.title = title; this.kind = kind; }
}
class InlayHint {
  constructor(position, label, kind) { this.position = position; this.label = label; this.kind = kind; }
}

const registered = { providers: {}, listeners: { open: [], change: [], close: [] }, messages: [], diagnostics: new Map() };
const disposable = () => ({ dispose() {} });
function register(kind) {
  return (selector, provider) => {
    registered.providers[kind] = provider;
    return disposable();
  };
}

const languages = {
  createDiagnosticCollection: () => ({
    set: (uri, list) => {
      registered.diagnostics.set(uri.toString(), list);
      if (registered.onDiagnostics) registered.onDiagnostics(uri.toString(), list);
    },
    delete: (uri) => registered.diagnostics.delete(uri.toString()),
    dispose() {},
  }),
  registerCompletionItemProvider: register('completion'),
  registerHoverProvider: register('hover'),
  registerDefinitionProvider: register('definition'),
  registerReferenceProvider: register('references'),
  registerRenameProvider: register('rename'),
  registerDocumentSymbolProvider: register('symbols'),
  registerDocumentFormattingEditProvider: register('formatting'),
  registerDocumentRangeFormattingEditProvider: register('rangeFormatting'),
  registerCodeActionsProvider: register('codeActions'),
  registerInlayHintsProvider: register('inlayHints'),
};

const workspace = {
  workspaceFolders: [],
  textDocuments: [],
  settings: {},
  getConfiguration: (section) => ({ get: (key) => workspace.settings[`${section}.${key}`] }),
  onDidOpenTextDocument: (listener) => { registered.listeners.open.push(listener); return disposable(); },
  onDidChangeTextDocument: (listener) => { registered.listeners.change.push(listener); return disposable(); },
  onDidCloseTextDocument: (listener) => { registered.listeners.close.push(listener); return disposable(); },
};

const window = {
  createOutputChannel: () => ({ append() {}, appendLine() {}, dispose() {} }),
  showErrorMessage: (message) => { registered.messages.push(message); },
};

module.exports = {
  Position, Range, Uri, Location, DiagnosticSeverity, Diagnostic, DiagnosticRelatedInformation, CompletionItem,
  MarkdownString, Hover, TextEdit, WorkspaceEdit, DocumentSymbol, CodeActionKind, CodeAction, InlayHint,
  languages, workspace, window, registered,
};
