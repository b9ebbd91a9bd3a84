" Vim syntax file for Flourish ledgers (grammar.md is the format's contract).
" Names are defined first: where several items start at the same place, the one defined
" last wins, so amounts, dates, keywords and comments win over a bare word.
if exists("b:current_syntax")
  finish
endif

" A name: a word without blanks, ';' or '"', or a quoted string.
syn match flourishName /"\%([^"\\]\|\\.\)*"\|[^ \t";]\+/ contained

" Words that directives take after their keyword.
syn match flourishKeyword /\%(^\|\s\)\@<=\%(to\|from\|by\|due\|next\|category\|goal\|daily\|weekly\|monthly\|quarterly\|yearly\|every\|days\|weeks\|months\|on\|day\|last\|until\|times\|rollover\|overdue-days\|quote\|off\|income\|expense\|exchange\|checking\|savings\|cash\|credit\|off-budget\|reserve\|funds\|allowance\|goals\|owed\|main-savings\)\%(\s\|;\|$\)\@=/ contained

syn match flourishAmount /\%(^\|\s\)\@<=[-+]\=[0-9.,]*\d%\=\%(\s\|;\|$\)\@=/ contained
syn match flourishCurrency /\%(^\|\s\)\@<=\u\{2,24}\%(\s\|;\|$\)\@=/ contained
" A price after an amount in another currency: `@ RATE` for each unit, `@@ TOTAL` for the line.
syn match flourishPrice /\%(\s\)\@<=@@\=\%(\s\)\@=/ contained
" `display LOCALE`: the locale is a fixed word.
syn match flourishKeyword /\%(^display\s\+\)\@<=[^ \t;]\+/ contained
" `goal NAME` on a split line.
syn match flourishGoalWord /\%(\s\)\@<=goal\%(\s\)\@=/ contained
syn match flourishDate /\%(^\|\s\)\@<=\d\{4}-\d\d-\d\d\%(\s\|;\|$\)\@=/ contained

" The directives, at the start of a line.
syn match flourishDirective /^\%(include\|currency\|commodity\|rate\|P\|month-start\|display\|account\|category\|person\|opening\|balance\|close\|correction\|budget\|earmark\|allowance\|goal\|move\|income\|savings-target\|subscription\|schedule\|snapshot\|option\)\%(\s\|$\)\@=/ contained
syn match flourishPath /\%(^include\s\+\)\@<="\%([^"\\]\|\\.\)*"/ contained
" A correction's reason: free text or a quoted string after its amount, code and price.
syn match flourishReason /\%(^correction\s\+\S\+\s\+\%("\%([^"\\]\|\\.\)*"\|[^ \t";]\+\)\s\+[-+0-9.,]\+\%(\s\+\u\{2,24}\)\=\%(\s\+@@\=\s\+[-+0-9.,]\+\%(\s\+\u\{2,24}\)\=\)\=\s\+\)\@<=\%(\u\{2,24}\%(\s\|$\)\|@\)\@!\%("\%([^"\\]\|\\.\)*"\|[^ \t;"]\%([^;]*[^ \t;]\)\=\)/ contained

" An entry's date line: date, status, description, tags.
syn match flourishStatus /[*!]\%(\s\)\@=/ contained nextgroup=flourishDescription skipwhite
syn match flourishDescription /\%([*!]\s\)\@!\%("\%([^"\\]\|\\.\)*"\|[^ \t;#]\%([^;#]*[^ \t;#]\)\=\)/ contained
syn match flourishTag /\%(\s\)\@<=#[^ \t#;]\+/ contained
syn match flourishEntryDate /^\d\{4}-\d\d-\d\d/ contained nextgroup=flourishStatus,flourishDescription skipwhite

syn match flourishComment /\%(\s\)\@<=;.*$/ contained
syn match flourishComment /\%(\s\)\@<=#\%(\s\|$\)\@=.*$/ contained

syn match flourishEntryLine /^\d\{4}-\d\d-\d\d\%(\s.*\)\=$/ contains=flourishEntryDate,flourishTag,flourishComment
syn match flourishPostingLine /^[ \t]\+[^ \t;#].*$/ contains=flourishName,flourishGoalWord,flourishAmount,flourishCurrency,flourishPrice,flourishComment
syn match flourishDirectiveLine /^\%(include\|currency\|commodity\|rate\|P\|month-start\|display\|account\|category\|person\|opening\|balance\|close\|correction\|budget\|earmark\|allowance\|goal\|move\|income\|savings-target\|subscription\|schedule\|snapshot\|option\)\%(\s.*\)\=$/ contains=flourishName,flourishKeyword,flourishAmount,flourishCurrency,flourishPrice,flourishDate,flourishDirective,flourishPath,flourishReason,flourishComment
syn match flourishComment /^\s*\%(;\|#\%(\s\|$\)\).*$/

" A conflict marker a merge left (grammar.md, "Conflict blocks").
syn match flourishConflictMarker /^\%(\%(<\{7,}\||\{7,}\|>\{7,}\)\%([ \t].*\)\=\|=\{7,}\)$/

hi def link flourishConflictMarker Error
hi def link flourishComment Comment
hi def link flourishDirective Statement
hi def link flourishKeyword Keyword
hi def link flourishGoalWord Keyword
hi def link flourishDate Constant
hi def link flourishEntryDate Constant
hi def link flourishStatus Special
hi def link flourishDescription String
hi def link flourishReason String
hi def link flourishTag Label
hi def link flourishName Identifier
hi def link flourishAmount Number
hi def link flourishCurrency Type
hi def link flourishPrice Operator
hi def link flourishPath String

let b:current_syntax = "flourish"
