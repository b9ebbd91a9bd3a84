// The Flourish extension for VS Code: highlighting comes from the grammar in package.json;
// everything else from `flourish lsp`, reached through the small Language Server Protocol
// client below. It needs nothing but VS Code and Node's standard library, so the folder
// installs as it is, with no build step and no packages to download.
'use strict';

const vscode = require('vscode');
const childProcess = require('child_process');

const SELECTOR = { language: 'flourish' };

/// JSON-RPC 2.0 over a child process's standard input and output, with Content-Length framing.
class Connection {
  constructor(command, args, options, handlers) {
    this.nextId = 1;
    this.pending = new Map();
    this.buffer = Buffer.alloc(0);
    this.handlers = handlers;
    this.process = childProcess.spawn(command, args, options);
    this.process.stdout.on('data', (chunk) => this.receive(chunk));
    this.process.stderr.on('data', (chunk) => handlers.log(chunk.toString('utf8')));
    this.process.on('error', (error) => {
      for (const { reject } of this.pending.values()) reject(error);
      this.pending.clear();
      handlers.failed(error);
    });
    this.process.on('exit', (code, signal) => {
      for (const { reject } of this.pending.values()) reject(new Error('flourish lsp has stopped'));
      this.pending.clear();
      handlers.exited(code, signal);
    });
  }

  send(message) {
    const body = Buffer.from(JSON.stringify(Object.assign({ jsonrpc: '2.0' }, message)), 'utf8');
    if (!this.process.stdin.writable) return;
    this.process.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.process.stdin.write(body);
  }

  notify(method, params) {
    this.send({ method, params });
  }

  /// A request; the promise settles with the result, or fails with the server's error.
  /// A cancelled token sends `$/cancelRequest`.
  request(method, params, token) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.send({ id, method, params });
      if (token) {
        token.onCancellationRequested(() => {
          if (this.pending.has(id)) this.notify('$/cancelRequest', { id });
        });
      }
    });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString('ascii');
      const match = /content-length:\s*(\d+)/i.exec(header);
      if (!match) {
        this.buffer = this.buffer.subarray(end + 4);
        continue;
      }
      const length = Number(match[1]);
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch (error) {
        this.handlers.log(`not JSON from flourish lsp: ${body}\n`);
        continue;
      }
      if (message.id !== undefined && message.method === undefined) {
        const waiting = this.pending.get(message.id);
        if (!waiting) continue;
        this.pending.delete(message.id);
        if (message.error) waiting.reject(new Error(message.error.message));
        else waiting.resolve(message.result);
      } else if (message.method !== undefined && message.id === undefined) {
        this.handlers.notification(message.method, message.params);
      } else if (message.method !== undefined) {
        // The server asks nothing of the client; answer so it never waits.
        this.send({ id: message.id, error: { code: -32601, message: `not supported: ${message.method}` } });
      }
    }
  }
}

// Between LSP's values and VS Code's.
const position = (p) => new vscode.Position(p.line, p.character);
const range = (r) => new vscode.Range(position(r.start), position(r.end));
const location = (l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range));
const toPosition = (p) => ({ line: p.line, character: p.character });
const toRange = (r) => ({ start: toPosition(r.start), end: toPosition(r.end) });
const documentId = (document) => ({ uri: document.uri.toString() });

function diagnostic(d) {
  const severities = [vscode.DiagnosticSeverity.Error, vscode.DiagnosticSeverity.Warning,
    vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Hint];
  const result = new vscode.Diagnostic(range(d.range), d.message, severities[(d.severity || 1) - 1]);
  result.code = d.code;
  result.source = d.source;
  result.relatedInformation = (d.relatedInformation || []).map((r) =>
    new vscode.DiagnosticRelatedInformation(location(r.location), r.message));
  return result;
}

function workspaceEdit(edit) {
  const result = new vscode.WorkspaceEdit();
  for (const uri of Object.keys((edit && edit.changes) || {})) {
    for (const change of edit.changes[uri]) result.replace(vscode.Uri.parse(uri), range(change.range), change.newText);
  }
  return result;
}

const textEdits = (edits) => (edits || []).map((e) => vscode.TextEdit.replace(range(e.range), e.newText));

function documentSymbol(s) {
  const result = new vscode.DocumentSymbol(s.name, s.detail || '', s.kind - 1, range(s.range), range(s.selectionRange));
  result.children = (s.children || []).map(documentSymbol);
  return result;
}

/// Starts the server and registers what it provides. Returns what `deactivate` stops.
function start(context) {
  const output = vscode.window.createOutputChannel('Flourish');
  const problems = vscode.languages.createDiagnosticCollection('flourish');
  const command = vscode.workspace.getConfiguration('flourish').get('path') || 'flourish';
  const folders = vscode.workspace.workspaceFolders || [];
  const root = folders.length > 0 ? folders[0].uri : undefined;
  let stopping = false;
  const connection = new Connection(command, ['lsp'], { cwd: root ? root.fsPath : undefined }, {
    log: (text) => output.append(text),
    failed: (error) => vscode.window.showErrorMessage(
      `Flourish: could not start \`${command} lsp\` (${error.message}). Set flourish.path to the flourish program.`),
    exited: (code, signal) => {
      if (!stopping) output.appendLine(`flourish lsp stopped (${signal || `exit status ${code}`})`);
    },
    notification: (method, params) => {
      if (method === 'textDocument/publishDiagnostics') {
        problems.set(vscode.Uri.parse(params.uri), params.diagnostics.map(diagnostic));
      }
    },
  });

  const ready = connection.request('initialize', {
    processId: process.pid,
    clientInfo: { name: 'vscode-flourish' },
    rootUri: root ? root.toString() : null,
    workspaceFolders: folders.map((f) => ({ uri: f.uri.toString(), name: f.name })),
    capabilities: {},
  }).then(() => connection.notify('initialized', {}));

  const isFlourish = (document) => document.languageId === 'flourish';
  const open = (document) => {
    if (!isFlourish(document)) return;
    connection.notify('textDocument/didOpen', {
      textDocument: { uri: document.uri.toString(), languageId: 'flourish', version: document.version, text: document.getText() },
    });
  };
  const subscriptions = context.subscriptions;
  subscriptions.push(output, problems);
  ready.then(() => vscode.workspace.textDocuments.forEach(open));
  subscriptions.push(vscode.workspace.onDidOpenTextDocument((document) => ready.then(() => open(document))));
  subscriptions.push(vscode.workspace.onDidChangeTextDocument((event) => {
    if (!isFlourish(event.document) || event.contentChanges.length === 0) return;
    connection.notify('textDocument/didChange', {
      textDocument: { uri: event.document.uri.toString(), version: event.document.version },
      contentChanges: event.contentChanges.map((c) => ({ range: toRange(c.range), text: c.text })),
    });
  }));
  subscriptions.push(vscode.workspace.onDidCloseTextDocument((document) => {
    if (!isFlourish(document)) return;
    connection.notify('textDocument/didClose', { textDocument: documentId(document) });
    problems.delete(document.uri);
  }));

  const ask = (method, params, token) => ready.then(() => connection.request(method, params, token));
  const at = (document, p) => ({ textDocument: documentId(document), position: toPosition(p) });
  const languages = vscode.languages;
  subscriptions.push(
    languages.registerCompletionItemProvider(SELECTOR, {
      provideCompletionItems: (document, p, token) => ask('textDocument/completion', at(document, p), token).then((items) =>
        (items || []).map((i) => {
          const item = new vscode.CompletionItem(i.label, i.kind ? i.kind - 1 : undefined);
          item.detail = i.detail;
          item.insertText = i.insertText || i.label;
          item.sortText = i.sortText;
          return item;
        })),
    }, ':'),
    languages.registerHoverProvider(SELECTOR, {
      provideHover: (document, p, token) => ask('textDocument/hover', at(document, p), token).then((hover) =>
        hover ? new vscode.Hover(new vscode.MarkdownString(hover.contents.value)) : undefined),
    }),
    languages.registerDefinitionProvider(SELECTOR, {
      provideDefinition: (document, p, token) => ask('textDocument/definition', at(document, p), token).then((l) =>
        l ? location(l) : undefined),
    }),
    languages.registerReferenceProvider(SELECTOR, {
      provideReferences: (document, p, context, token) => ask('textDocument/references',
        Object.assign(at(document, p), { context: { includeDeclaration: context.includeDeclaration } }), token)
        .then((found) => (found || []).map(location)),
    }),
    languages.registerRenameProvider(SELECTOR, {
      provideRenameEdits: (document, p, newName, token) => ask('textDocument/rename',
        Object.assign(at(document, p), { newName }), token).then(workspaceEdit),
    }),
    languages.registerDocumentSymbolProvider(SELECTOR, {
      provideDocumentSymbols: (document, token) => ask('textDocument/documentSymbol',
        { textDocument: documentId(document) }, token).then((symbols) => (symbols || []).map(documentSymbol)),
    }),
    languages.registerDocumentFormattingEditProvider(SELECTOR, {
      provideDocumentFormattingEdits: (document, options, token) => ask('textDocument/formatting',
        { textDocument: documentId(document), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }, token)
        .then(textEdits),
    }),
    languages.registerDocumentRangeFormattingEditProvider(SELECTOR, {
      provideDocumentRangeFormattingEdits: (document, r, options, token) => ask('textDocument/rangeFormatting',
        { textDocument: documentId(document), range: toRange(r), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } }, token)
        .then(textEdits),
    }),
    languages.registerCodeActionsProvider(SELECTOR, {
      provideCodeActions: (document, r, context, token) => ask('textDocument/codeAction',
        { textDocument: documentId(document), range: toRange(r), context: { diagnostics: [] } }, token)
        .then((actions) => (actions || []).map((a) => {
          const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
          action.edit = workspaceEdit(a.edit);
          action.isPreferred = a.isPreferred;
          return action;
        })),
    }),
    languages.registerInlayHintsProvider(SELECTOR, {
      provideInlayHints: (document, r, token) => ask('textDocument/inlayHint',
        { textDocument: documentId(document), range: toRange(r) }, token).then((hints) => (hints || []).map((h) => {
        const hint = new vscode.InlayHint(position(h.position), h.label, h.kind);
        hint.paddingLeft = h.paddingLeft;
        return hint;
      })),
    }),
  );

  return () => {
    stopping = true;
    return ask('shutdown', null).then(() => connection.notify('exit', null), () => undefined)
      .then(() => connection.process.stdin.end());
  };
}

let stop;

function activate(context) {
  stop = start(context);
}

function deactivate() {
  return stop ? stop() : undefined;
}

module.exports = { activate, deactivate };
