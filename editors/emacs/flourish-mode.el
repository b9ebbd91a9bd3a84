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
  '("include" "currency" "commodity" "rate" "P" "month-start" "display" "account" "category" "person" "opening" "balance"
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

(defvar flourish-font-lock-keywords
  `(("^\\(?:\\(?:<\\{7,\\}\\||\\{7,\\}\\|>\\{7,\\}\\)\\(?:[ \t].*\\)?\\|=\\{7,\\}\\)$" . font-lock-warning-face)
    ("^[ \t]*\\(#\\)\\(?:[ \t].*\\)?$" . font-lock-comment-face)
    ("^\\([0-9]\\{4\\}-[0-9]\\{2\\}-[0-9]\\{2\\}\\)\\(?:[ \t]+\\([*!]\\)\\)?"
     (1 font-lock-constant-face) (2 font-lock-warning-face nil t))
    (,(concat "^" (regexp-opt flourish-keywords 'words)) . font-lock-keyword-face)
    ("\\(?:^\\|[ \t]\\)\\(#[^ \t;#]+\\)" 1 font-lock-type-face)
    ("[ \t]\\(-?[$€£¥]?-?[0-9][0-9,]*\\(?:\\.[0-9]+\\)?\\)\\(?:[ \t]+[A-Z]\\{2,24\\}\\)?[ \t]*\\(?:;.*\\)?$"
     1 font-lock-string-face)
    ("^[ \t]+\\([^ \t;\"][^;\"]*?\\)\\(?:[ \t]\\{2,\\}\\|[ \t]*$\\)" 1 font-lock-variable-name-face))
  "Highlighting: conflict markers, comments, dates and statuses, keywords, tags, amounts, and names on split lines.")

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
