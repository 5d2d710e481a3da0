# Usage: zsh -f zsh-complete.zsh FPATH_DIR OUT_FILE 'line to complete'
# Types the line into a real interactive zsh (in a pseudo-terminal), presses Tab, and writes
# what the completion system offers to OUT_FILE, one a line: compadd is wrapped to record its
# matches (the way zsh-capture-completion does), the terminal only carries the end marker.
zmodload zsh/zpty
zpty z zsh -f -i
zpty -w z "fpath=(${(q)1} \$fpath); autoload -U compinit && compinit -u -D; CAPTURE=${(q)2}"
zpty -w z 'bindkey "^I" complete-word; PROMPT=""'
zpty -w z 'zstyle ":completion:*" insert-tab false; comppostfuncs=( _cap_end exit ); _cap_end() { print -r -- "<<E""ND>>" }'
zpty -w z 'compadd() { if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return $?; fi; local -a __hits; builtin compadd -O __hits "$@"; (( $#__hits )) && print -rl -- $__hits >> $CAPTURE; builtin compadd "$@" }'
zpty -w -n z "$3"$'\t'
while zpty -r z line; do
  [[ $line == *'<<END>>'* ]] && break
done
zpty -d z
