// Drives editors/vscode/extension.js as VS Code would, with vscode-stub.js standing in for
// VS Code's API and the real `flourish lsp` behind it: opens a ledger and the file it
// includes, types, asks for what a person sees (problems, completion, hover, inlay hints,
// definition, rename, quick fixes), formats on save, and closes. Prints one line per answer;
// the test compares them with what they must be.
//
//   node drive.js EXTENSION_FOLDER FLOURISH_BINARY WORK_FOLDER
'use strict';

const fs = require('fs');
const path = require('path');
const Module = require('module');

const [extensionFolder, flourish, work] = process.argv.slice(2);
const stub = path.join(__dirname, 'vscode-stub.js');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? stub : resolve.call(this, request, ...rest);
};
const vscode = require('vscode');
const { registered } = vscode;

const main = 'currency EUR\naccount "Compte Chèque" checking\ncategory Café\ncategory Rent\nperson Zoë\n'
  + 'opening 2026-01-01 "Compte Chèque" 500.00\nallowance 2026-01-01 5.00\ninclude "2026.flourish"\n';
const year = '2026-03-14 * Croissants\n  Café              6.40\n  Zoë              -3.20\n  "Compte Chèque"\n';
fs.writeFileSync(path.join(work, 'main.flourish'), main);
fs.writeFileSync(path.join(work, '2026.flourish'), year);

/// A text document as VS Code hands it to extensions.
class Document {
  constructor(file, text) {
    this.uri = vscode.Uri.file(path.join(work, file));
    this.languageId = 'flourish';
    this.version = 1;
    this.text = text;
  }
  getText() { return this.text; }
  offset(p) {
    const lines = this.text.split('\n');
    let offset = 0;
    for (let i = 0; i < p.line; i++) offset += lines[i].length + 1;
    return offset + p.character;
  }
  /// Applies edits (from the last to the first, as they don't overlap), as the editor does.
  apply(edits) {
    const sorted = edits.slice().sort((a, b) => this.offset(b.range.start) - this.offset(a.range.start));
    for (const e of sorted) {
      this.text = this.text.slice(0, this.offset(e.range.start)) + e.newText + this.text.slice(this.offset(e.range.end));
    }
    this.version += 1;
  }
}

const at = (line, character) => new vscode.Position(line, character);
const span = (r) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
const name = (uri) => path.basename(uri.path || uri.toString());
const token = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) };
const print = (text) => process.stdout.write(text + '\n');

/// Resolves with the problems next published for a file.
const waiting = [];
registered.onDiagnostics = (uri, list) => {
  const index = waiting.findIndex((w) => w.file === name(vscode.Uri.parse(uri)));
  if (index >= 0) waiting.splice(index, 1)[0].done(list);
};
const published = (file) => new Promise((done) => waiting.push({ file, done }));

function showProblems(file, list) {
  const severities = ['error', 'warning', 'information', 'hint'];
  const shown = list.map((d) => `${span(d.range)} ${severities[d.severity]} ${d.code}: ${d.message.split('\n')[0]}`);
  print(`problems in ${file}: ${shown.length ? shown.join(' | ') : 'none'}`);
}

/// Types a change into a document: the event VS Code sends, then the text as it now is.
function type(document, range, text) {
  const before = document.text;
  document.apply([{ range, newText: text }]);
  for (const listener of registered.listeners.change) {
    listener({ document, contentChanges: [{ range, text, rangeLength: before.length - document.text.length + text.length }] });
  }
}

async function run() {
  vscode.workspace.workspaceFolders = [{ uri: vscode.Uri.file(work), name: 'home' }];
  vscode.workspace.settings['flourish.path'] = flourish;
  const mainDocument = new Document('main.flourish', main);
  vscode.workspace.textDocuments = [mainDocument];
  const extension = require(path.join(extensionFolder, 'extension.js'));
  const context = { subscriptions: [] };
  const first = Promise.all([published('main.flourish'), published('2026.flourish')]);
  extension.activate(context);
  const [inMain, inYear] = await first;
  showProblems('main.flourish', inMain);
  showProblems('2026.flourish', inYear);

  // The included file opened; then spending more than the account holds breaks the bucket rule.
  const yearDocument = new Document('2026.flourish', year);
  let next = published('2026.flourish');
  for (const listener of registered.listeners.open) listener(yearDocument);
  showProblems('2026.flourish', await next);
  next = published('2026.flourish');
  type(yearDocument, new vscode.Range(at(1, 20), at(1, 24)), '600.40');
  showProblems('2026.flourish', await next);
  next = published('2026.flourish');
  type(yearDocument, new vscode.Range(at(1, 20), at(1, 26)), '6.40');
  showProblems('2026.flourish', await next);

  const p = registered.providers;
  const items = await p.completion.provideCompletionItems(yearDocument, at(2, 2), token);
  print(`completion: ${items.map((i) => `${i.label} → ${i.insertText}`).join(', ')}`);
  const hover = await p.hover.provideHover(yearDocument, at(3, 5), token);
  print(`hover: ${hover.contents.value.replace(/\n/g, '⏎')}`);
  const hints = await p.inlayHints.provideInlayHints(yearDocument, new vscode.Range(at(0, 0), at(4, 0)), token);
  print(`inlay hints: ${hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`).join(', ')}`);
  const definition = await p.definition.provideDefinition(yearDocument, at(1, 3), token);
  print(`definition: ${name(definition.uri)} ${span(definition.range)}`);
  const rename = await p.rename.provideRenameEdits(yearDocument, at(1, 3), 'Coffee shop', token);
  print(`rename: ${rename.entries.map(([uri, e]) => `${name(uri)} ${span(e.range)} ${e.newText}`).join(', ')}`);
  try {
    await p.rename.provideRenameEdits(yearDocument, at(1, 3), 'Rent', token);
  } catch (error) {
    print(`rename refused: ${error.message}`);
  }

  // A typo: the problem, and the quick fixes offered where it is.
  next = published('2026.flourish');
  type(yearDocument, new vscode.Range(at(2, 2), at(2, 5)), 'Zoe');
  showProblems('2026.flourish', await next);
  const actions = await p.codeActions.provideCodeActions(yearDocument, new vscode.Range(at(2, 2), at(2, 2)), {}, token);
  print(`quick fixes: ${actions.map((a) => a.title).join(', ')}`);
  next = published('2026.flourish');
  type(yearDocument, new vscode.Range(at(2, 2), at(2, 5)), 'Zoë');
  await next;

  // Format on save: the edits the formatter gives, applied as VS Code applies them.
  next = published('2026.flourish');
  type(yearDocument, new vscode.Range(at(1, 0), at(1, 2)), '      ');
  await next;
  const edits = await p.formatting.provideDocumentFormattingEdits(yearDocument, { tabSize: 2, insertSpaces: true }, token);
  yearDocument.apply(edits);
  print(`formatted on save: ${JSON.stringify(yearDocument.text)}`);

  for (const listener of registered.listeners.close) listener(yearDocument);
  await extension.deactivate();
  print(`error messages shown: ${registered.messages.length ? registered.messages.join(' | ') : 'none'}`);
}

const timer = setTimeout(() => { print('timed out'); process.exit(1); }, 20000);
run().then(() => { clearTimeout(timer); }, (error) => { print(`failed: ${error.stack}`); process.exit(1); });
