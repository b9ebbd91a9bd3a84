;;; flourish-mode.el --- Flourish ledgers: highlighting, and `flourish lsp' through eglot  -*- lexical-binding: t; -*-

;; A small major mode for `.flourish' files: comments, highlighting of dates, statuses,
;; amounts, keywords, quoted names and tags, two-space indentation of split lines, and the
;; language server (`flourish lsp') through eglot, with the buffer formatted on save.
;; Tried with Emacs 28 and eglot 1.9 (Debian's elpa-eglot); eglot is built in from Emacs 29.
;;
;; Usage, in your init file:
;;   (add-to-list 'load-path "/path/to/flourish/editors/emacs")
;;   (require 'flourish-mode)

;;; Code:

(defgroup flourish nil
  "Flourish ledgers."
  :group 'languages)

(defcustom flourish-program "flourish"
  "The flourish program: a name looked up on `exec-path', or a full path."
  :type 'string)

(defcustom flourish-format-on-save t
  "Whether saving a Flourish buffer formats it first (as `flourish fmt' does)."
  :type 'boolean)

(defconst flourish-keywords
  '("include" "currency" "commodity" "rate" "P" "month-start" "display" "account" "category" "person" "opening" "balance" "close"
    "correction" "budget" "earmark" "allowance" "goal" "move" "income" "savings-target"
    "subscription" "schedule" "snapshot" "option")
  "Words that start a directive.")

(defvar flourish-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\; "<" table)
    (modify-syntax-entry ?\n ">" table)
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?\\ "\\" table)
    (modify-syntax-entry ?: "_" table)
    (modify-syntax-entry ?- "_" table)
    table)
  "Syntax of Flourish files: `;' starts a comment to the end of the line.")

;; Faces by what a word is, as Flourish's lexer reads it (the tests check every word of the
;; examples): dates and amounts are constants and strings, names variables, directives and
;; the words after them keywords, codes builtins, descriptions documentation.
(defconst flourish-sub-keywords
  '("to" "from" "by" "due" "next" "category" "goal" "weekly" "monthly" "yearly" "income" "expense" "exchange"
    "checking" "savings" "cash" "credit" "off-budget" "reserve" "funds" "allowance" "goals" "main-savings"
    "daily" "quarterly" "every" "days" "weeks" "months" "on" "day" "last" "until" "times"
    "rollover" "overdue-days" "quote" "off" "owed")
  "Fixed words that follow a directive.")

(defun flourish--words (from to)
  "The words of the text from FROM to TO, as (START . END) pairs: a quoted string is one
word, and a `;' outside quotes ends the words (a comment)."
  (let ((words nil))
    (save-excursion
      (goto-char from)
      (catch 'done
        (while (progn (skip-chars-forward " \t" to) (< (point) to))
          (let ((start (point)))
            (cond
             ((eq (char-after) ?\;) (throw 'done nil))
             ((eq (char-after) ?\")
              (forward-char 1)
              (while (and (< (point) to) (not (eq (char-after) ?\")))
                (forward-char (if (eq (char-after) ?\\) 2 1)))
              (goto-char (min to (1+ (point)))))
             (t (skip-chars-forward "^ \t;" to)))
            (push (cons start (point)) words)))))
    (nreverse words)))

(defun flourish--class (word directive)
  "The face of WORD on a split line, or after a directive when DIRECTIVE."
  (cond
   ((string-match-p "\\`[0-9]\\{4\\}-[0-9]\\{2\\}-[0-9]\\{2\\}\\'" word) 'font-lock-constant-face)
   ((string-match-p "\\`[-+]?[0-9.,]*[0-9]%?\\'" word) 'font-lock-string-face)
   ((string-match-p "\\`[A-Z]\\{2,24\\}\\'" word) 'font-lock-builtin-face)
   ((member word '("@" "@@")) 'font-lock-keyword-face)
   ((and directive (member word flourish-sub-keywords)) 'font-lock-preprocessor-face)
   (t 'font-lock-variable-name-face)))

(defun flourish--face (start end face)
  "Give the text from START to END the face FACE."
  (put-text-property start end 'face face))

(defun flourish--fontify-line (bol eol)
  "Highlight the line from BOL to EOL by the kind of line it is."
  (let* ((words (flourish--words bol eol))
         (texts (mapcar (lambda (w) (buffer-substring-no-properties (car w) (cdr w))) words))
         (first (car texts)))
    (cond
     ((null words) nil)
     ;; An entry's date line: the date, a status, the description's words, tags.
     ((and (eq (car (car words)) bol) (string-match-p "\\`[0-9]\\{4\\}-" first))
      (flourish--face (car (car words)) (cdr (car words)) 'font-lock-constant-face)
      (let ((rest (cdr words)) (rest-texts (cdr texts)))
        (when (member (car rest-texts) '("*" "!"))
          (flourish--face (car (car rest)) (cdr (car rest)) 'font-lock-warning-face)
          (setq rest (cdr rest) rest-texts (cdr rest-texts)))
        ;; The description runs from its first word to the last before the tags.
        (let ((description nil))
          (while rest
            (if (string-prefix-p "#" (car rest-texts))
                (flourish--face (car (car rest)) (cdr (car rest)) 'font-lock-type-face)
              (setq description (cons (or (car description) (car (car rest))) (cdr (car rest)))))
            (setq rest (cdr rest) rest-texts (cdr rest-texts)))
          (when description (flourish--face (car description) (cdr description) 'font-lock-doc-face)))))
     ;; A split line: its name, then amounts, codes, prices, `goal NAME'.
     ((not (eq (car (car words)) bol))
      (let ((rest words) (rest-texts texts) (position 0) (after-goal nil))
        (while rest
          (let ((text (car rest-texts)))
            (flourish--face (car (car rest)) (cdr (car rest))
                            (cond ((or (= position 0) after-goal) 'font-lock-variable-name-face)
                                  ((equal text "goal") 'font-lock-preprocessor-face)
                                  (t (flourish--class text nil))))
            (setq after-goal (equal text "goal")))
          (setq rest (cdr rest) rest-texts (cdr rest-texts) position (1+ position)))))
     ;; A directive: its keyword, then its words; an include's path; a correction's reason.
     ((member first flourish-keywords)
      (flourish--face (car (car words)) (cdr (car words)) 'font-lock-keyword-face)
      (let ((rest (cdr words)) (rest-texts (cdr texts)) (position 1) (amounts 0))
        (while rest
          (let* ((word (car rest)) (text (car rest-texts))
                 (face (cond
                        ((equal first "include") 'font-lock-string-face)
                        ((equal first "display") 'font-lock-preprocessor-face)
                        ;; A correction's reason: what follows its amount, code and price.
                        ((and (equal first "correction") (> position 3) (> amounts 0)
                              (not (string-match-p "\\`\\(?:[A-Z]\\{2,24\\}\\|@@?\\|[-+]?[0-9.,]*[0-9]\\)\\'" text)))
                         'font-lock-doc-face)
                        ((string-prefix-p "\"" text) 'font-lock-variable-name-face)
                        (t (flourish--class text t)))))
            (when (eq face 'font-lock-string-face) (setq amounts (1+ amounts)))
            (when (eq face 'font-lock-doc-face)
              ;; The reason runs to the comment or the line's end.
              (let ((end (cdr (car (last rest)))))
                (flourish--face (car word) end 'font-lock-doc-face)
                (setq rest nil)))
            (when rest (flourish--face (car word) (cdr word) face)))
          (setq rest (cdr rest) rest-texts (cdr rest-texts) position (1+ position))))))))

(defun flourish--fontify (limit)
  "Highlight each line from point to LIMIT (a font-lock matcher that does its own work)."
  (while (< (point) limit)
    (flourish--fontify-line (line-beginning-position) (line-end-position))
    (forward-line 1))
  nil)

(defvar flourish-font-lock-keywords
  `(("^\\(?:\\(?:<\\{7,\\}\\||\\{7,\\}\\|>\\{7,\\}\\)\\(?:[ \t].*\\)?\\|=\\{7,\\}\\)$" . font-lock-warning-face)
    ("^[ \t]*\\(#\\)\\(?:[ \t].*\\)?$" . font-lock-comment-face)
    (flourish--fontify))
  "Highlighting: conflict markers, `#' comment lines, then each line's words by what they are.")

(defun flourish-indent-line ()
  "Indent a split line by two spaces; entry headers and directives start at the margin."
  (interactive)
  (let ((previous (save-excursion
                    (forward-line -1)
                    (buffer-substring-no-properties (line-beginning-position) (line-end-position)))))
    (indent-line-to
     (if (or (string-match-p "\\`[0-9]\\{4\\}-" previous) (string-match-p "\\`[ \t]+[^ \t]" previous))
         2 0))))

;;;###autoload
(define-derived-mode flourish-mode prog-mode "Flourish"
  "Major mode for Flourish ledgers."
  (setq-local comment-start "; ")
  (setq-local comment-start-skip ";+[ \t]*")
  (setq-local indent-tabs-mode nil)
  (setq-local tab-width 2)
  (setq-local indent-line-function #'flourish-indent-line)
  (setq-local font-lock-defaults '(flourish-font-lock-keywords))
  (when flourish-format-on-save
    (add-hook 'before-save-hook #'flourish--format-on-save nil t)))

(defun flourish--format-on-save ()
  "Format the buffer through the language server, when eglot manages it."
  (when (and (fboundp 'eglot-managed-p) (eglot-managed-p))
    (eglot-format-buffer)))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.flourish\\'" . flourish-mode))

(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               `(flourish-mode . ,(lambda (&rest _) (list flourish-program "lsp")))))

(defun flourish--start-eglot ()
  "Start or join the language server for this buffer, when eglot is installed."
  (when (require 'eglot nil t)
    (eglot-ensure)))

(add-hook 'flourish-mode-hook #'flourish--start-eglot)

(provide 'flourish-mode)
;;; flourish-mode.el ends here
