" Flourish ledgers: files ending in .flourish.
autocmd BufNewFile,BufRead *.flourish setfiletype flourish
