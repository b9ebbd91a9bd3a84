" Flourish: comments start with ';', split lines are indented by two spaces.
if exists("b:did_ftplugin")
  finish
endif
let b:did_ftplugin = 1

setlocal commentstring=;\ %s
setlocal comments=:;
setlocal expandtab shiftwidth=2 softtabstop=2 tabstop=2
setlocal autoindent
setlocal iskeyword+=:,-

let b:undo_ftplugin = "setlocal commentstring< comments< expandtab< shiftwidth< softtabstop< tabstop< autoindent< iskeyword<"
