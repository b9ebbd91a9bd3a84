;;; drive.el --- Drives editors/emacs/flourish-mode.el and eglot against `flourish lsp'  -*- lexical-binding: t; -*-

;; Run by EmacsClientTests as
;;   FLOURISH=... EDITORS=.../editors/emacs WORK=... emacs --batch -Q -l drive.el
;; WORK holds main.flourish and 2026.flourish (which main includes). Prints one line per
;; thing a person would see: problems, hover, completion, a rename across both files, and
;; the file on disk after saving (formatted on save).

(require 'package)
;; Emacs before 29 has eglot from a package (Debian: elpa-eglot).
(setq package-directory-list (append package-directory-list '("/usr/share/emacs/site-lisp/elpa")))
(package-initialize)
(add-to-list 'load-path (getenv "EDITORS"))
(require 'flourish-mode)
(setq flourish-program (getenv "FLOURISH"))
(setq eglot-confirm-server-initiated-edits nil)
(setq eglot-sync-connect t)

(defun drive-wait (seconds)
  (let ((end (+ (float-time) seconds)))
    (while (< (float-time) end) (accept-process-output nil 0.05))))

(defun drive-print (format-string &rest arguments)
  (princ (concat (apply #'format format-string arguments) "\n")))

(defun drive-problems (name)
  (flymake-start)
  (drive-wait 0.5)
  (drive-print "problems in %s: %s" name
               (let ((shown (mapconcat (lambda (d)
                                (format "line %d %s %s" (line-number-at-pos (flymake-diagnostic-beg d))
                                        (flymake-diagnostic-type d)
                                        (car (split-string (flymake-diagnostic-text d) "\n"))))
                              (flymake-diagnostics) " | ")))
                 (if (string-empty-p shown) "none" shown))))

(let ((work (getenv "WORK")))
  ;; Opening the main file: the mode's hook asks eglot to connect after the first command.
  (find-file (expand-file-name "main.flourish" work))
  (run-hooks 'post-command-hook)
  (drive-wait 0.3)
  (drive-print "mode: %s, managed by eglot: %s" major-mode (if (eglot-managed-p) "yes" "no"))
  (drive-problems "main.flourish")
  (find-file (expand-file-name "2026.flourish" work))
  (run-hooks 'post-command-hook)
  (drive-wait 0.3)
  (drive-problems "2026.flourish")
  ;; Hover on the account of the last line of the first entry (its amount is left out).
  (goto-char (point-min)) (forward-line 2) (skip-chars-forward " ")
  (let ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover (eglot--TextDocumentPositionParams))))
    (drive-print "hover: %s" (replace-regexp-in-string "\n" "⏎" (plist-get (plist-get hover :contents) :value))))
  ;; Completion at a new split line, through eglot's completion-at-point.
  (goto-char (point-max)) (insert "2026-11-04 Coffee\n  ")
  (drive-wait 0.3)
  (let ((capf (eglot-completion-at-point)))
    (drive-print "completion: %s" (string-join (all-completions "" (nth 2 capf)) ", ")))
  (delete-region (save-excursion (forward-line -1) (line-beginning-position)) (point-max))
  (drive-wait 0.3)
  ;; Rename a category from the included file: both files change.
  (goto-char (point-min)) (forward-line 1) (skip-chars-forward " ")
  (eglot-rename "Eating out")
  (drive-wait 0.3)
  (drive-print "after rename, 2026.flourish line 2: %s"
               (save-excursion (goto-char (point-min)) (forward-line 1) (buffer-substring (point) (line-end-position))))
  (with-current-buffer (get-file-buffer (expand-file-name "main.flourish" work))
    (drive-print "after rename, main.flourish line 3: %s"
                 (save-excursion (goto-char (point-min)) (forward-line 2) (buffer-substring (point) (line-end-position))))
    (save-buffer))
  ;; Saving formats the buffer first.
  (save-buffer)
  (drive-print "2026.flourish on disk: %S"
               (with-temp-buffer (insert-file-contents (expand-file-name "2026.flourish" work)) (buffer-string)))
  (drive-problems "2026.flourish")
  (eglot-shutdown (eglot-current-server))
  (drive-print "server shut down"))
