/// `flourish completions bash|zsh|fish`: a script for the shell that completes commands,
/// options (read from each command's help, so the two cannot drift apart), report kinds,
/// export formats, files ending in `.flourish`, and the ledger's names for `report register`, `balances` and `budget`
/// and `add`. `flourish completions names [FILE]` prints those names, one a line, for the
/// scripts; the scripts never evaluate them (a name is data, not shell code).
enum CompletionsCommand {
    static func run(_ arguments: [String], _ context: Flourish.Context) throws(Invocation.UsageError) -> ExitCode {
        let invocation = try Invocation(arguments, flags: ["-h", "--help"], valued: ["--allow-include"], command: "completions")
        if invocation.flags.contains("-h") || invocation.flags.contains("--help") {
            context.stdout.write(HelpText.completions)
            return .success
        }
        switch invocation.operands.first {
        case "bash": context.stdout.write(bash)
        case "zsh": context.stdout.write(zsh)
        case "fish": context.stdout.write(fish)
        case "names":
            // Completion must stay quiet: a ledger that cannot be read gives no names.
            let context = context.including(invocation)
            guard let paths = try? context.ledgerPaths(Array(invocation.operands.dropFirst()), command: "completions"),
                  let loaded = try? LedgerLoader.load(paths: paths, allowedIncludes: context.allowedIncludes) else { return .success }
            let journal: Journal = Validator.validated(loaded, checks: []).journal
            for name in journal.index.names(of: [.account, .category, .incomeCategory, .person]) { context.stdout.write(name + "\n") }
        default:
            throw Invocation.UsageError(message: "name a shell: bash, zsh or fish")
        }
        return .success
    }

    /// The commands, without `completions` itself (it is for setting up a shell).
    static var commands: [String] { Flourish.commands.filter { $0 != "completions" } }

    /// The options a command's help lists (`--format`, `-i` …), and whether each takes a value.
    static func options(_ command: String) -> [(name: String, takesValue: Bool)] {
        guard let page = HelpText.page(for: command) else { return [] }
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "OPTIONS:") else { return [] }
        var found: [(String, Bool)] = []
        for line in lines[heading...] where line.hasPrefix("  -") {
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            let takesValue = words.count > 1 && words[1].hasPrefix("<") || words.count > 2 && words[2].hasPrefix("<")
            for word in words.prefix(2) where word.hasPrefix("-") { found.append((String(word.filter { $0 != "," }), takesValue)) }
        }
        return found
    }

    /// Words a command takes as its first operand.
    static func firstWords(_ command: String) -> [String] {
        switch command {
        case "report": return ReportCommand.Kind.allCases.map(\.rawValue)
        case "export": return ["ledger", "beancount", "csv"]
        case "import": return ["csv"]
        case "convert": return ConvertCommand.Format.allCases.map(\.rawValue)
        case "help": return commands
        case "completions": return ["bash", "zsh", "fish"]
        default: return []
        }
    }

    /// One `case` arm per command for the shell scripts: its options and first words, each
    /// list as `open`…`close` (quotes for bash, parentheses for zsh).
    static func cases(_ open: String, _ close: String) -> String {
        Flourish.commands.map { command in
            let options = self.options(command).map(\.name).joined(separator: " ")
            return "    \(command)) options=\(open)\(options)\(close); first=\(open)\(firstWords(command).joined(separator: " "))\(close) ;;\n"
        }.joined()
    }

    static var bash: String {
        let cases = cases("\"", "\"")
        return """
        # bash completion for flourish. Install: flourish completions bash > ~/.local/share/bash-completion/completions/flourish
        _flourish_names() {
          # The ledger named on the line, else $FLOURISH_FILE. Names are read, never evaluated.
          local word file="$FLOURISH_FILE"
          for word in "${COMP_WORDS[@]}"; do [[ "$word" == *.flourish ]] && file="$word"; done
          local name
          while IFS= read -r name; do
            [[ "$name" == "$cur"* ]] && COMPREPLY+=("$name")
          done < <(flourish completions names ${file:+"$file"} 2> /dev/null)
        }
        _flourish() {
          local cur="${COMP_WORDS[COMP_CWORD]}" command="${COMP_WORDS[1]}" options="" first=""
          COMPREPLY=()
          if [[ $COMP_CWORD -eq 1 ]]; then
            COMPREPLY=($(compgen -W "\(commands.joined(separator: " ")) --help --version" -- "$cur"))
            return
          fi
          case "$command" in
        \(cases)  esac
          if [[ "$cur" == -* ]]; then
            COMPREPLY=($(compgen -W "$options" -- "$cur"))
            return
          fi
          if [[ $COMP_CWORD -eq 2 && -n "$first" ]]; then
            COMPREPLY=($(compgen -W "$first" -- "$cur"))
            [[ "$command" != report ]] && return
          fi
          if [[ "$command" == add || ( "$command" == report && "${COMP_WORDS[2]}" =~ ^(register|balances|budget)$ && $COMP_CWORD -gt 2 ) ]]; then
            _flourish_names
          fi
          local file
          while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -d -- "$cur"; compgen -f -X '!*.flourish' -- "$cur")
        }
        complete -o filenames -F _flourish flourish

        """
    }

    static var zsh: String {
        let cases = cases("(", ")")
        return """
        #compdef flourish
        # zsh completion for flourish. Install: flourish completions zsh > "${fpath[1]}/_flourish"
        _flourish() {
          local -a options first names
          local command=$words[2] file=$FLOURISH_FILE word
          if (( CURRENT == 2 )); then
            compadd -- \(commands.joined(separator: " ")) --help --version
            return
          fi
          case $command in
        \(cases)  esac
          if [[ $PREFIX == -* ]]; then
            compadd -- $options
            return
          fi
          if (( CURRENT == 3 )) && (( $#first )); then
            compadd -- $first
            [[ $command != report ]] && return
          fi
          if [[ $command == add || ( $command == report && $words[3] == (register|balances|budget) && CURRENT -gt 3 ) ]]; then
            # The ledger named on the line, else $FLOURISH_FILE. Names are read, never evaluated.
            for word in $words; do [[ $word == *.flourish ]] && file=$word; done
            names=("${(@f)$(flourish completions names ${file:+$file} 2> /dev/null)}")
            compadd -- ${names:#}
          fi
          _files -g '*.flourish'
        }
        _flourish "$@"

        """
    }

    static var fish: String {
        var lines = [
            "# fish completion for flourish. Install: flourish completions fish > ~/.config/fish/completions/flourish.fish",
            "function __flourish_names",
            "    # The ledger named on the line, else $FLOURISH_FILE. Names are read, never evaluated.",
            "    set -l file $FLOURISH_FILE",
            "    for word in (commandline -opc)",
            "        string match -q -- '*.flourish' $word; and set file $word",
            "    end",
            "    flourish completions names $file 2> /dev/null",
            "end",
            "complete -c flourish -f",
            "complete -c flourish -n __fish_use_subcommand -a '\(commands.joined(separator: " "))'",
            "complete -c flourish -n __fish_use_subcommand -l help -l version",
        ]
        for command in Flourish.commands {
            let seen = "'__fish_seen_subcommand_from \(command)'"
            for (name, takesValue) in options(command) {
                let flag = name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())"
                lines.append("complete -c flourish -n \(seen) \(flag)\(takesValue ? " -r" : "")")
            }
            let first = firstWords(command)
            if !first.isEmpty { lines.append("complete -c flourish -n \(seen) -a '\(first.joined(separator: " "))'") }
        }
        lines.append("complete -c flourish -n '__fish_seen_subcommand_from add register balances budget' -a '(__flourish_names)'")
        lines.append("complete -c flourish -n 'not __fish_use_subcommand' -a '(__fish_complete_suffix .flourish)'")
        return lines.joined(separator: "\n") + "\n"
    }
}
