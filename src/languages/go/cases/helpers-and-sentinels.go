// Sentinels in a var group handed out by return, assignment and calls; error-named helpers called
// with text; conversions to error types; messages appended to a list of errors; format helpers.
// (Marks: src/languages/CASES.md.)
package lexer

import (
	"errors"
	"fmt"
)

var (
	ErrBadPattern = errors.New("syntax error in pattern")
	errTooLong    = errors.New("token too long")
)

// expect-class: ProtocolError "{p}" params: p
type ProtocolError string

func (p ProtocolError) Error() string { return string(p) }

type lexer struct{ errs []string }

func (lx *lexer) errorf(format string, args ...interface{}) {
	lx.errs = append(lx.errs, fmt.Sprintf(format, args...)) // expect: - "{format}" symbol: lexer.errorf
}

func (lx *lexer) setErr(err error) {}

func (lx *lexer) scan(s string) error {
	var err error
	if s == "" {
		err = ErrBadPattern // expect: - "syntax error in pattern" symbol: lexer.scan
	}
	// expect-call: setErr "token too long" args: "token too long"
	lx.setErr(errTooLong) // expect: - "token too long"
	// expect-call: errorf "unexpected %q in %s" args: "unexpected %q in %s" "{s}" "{s}"
	lx.errorf("unexpected %q in %s", s[0], s) // expect: - "unexpected {s} in {s}" holes: s[0]:repr, s
	if errors.Is(err, ErrBadPattern) {
		return ProtocolError("short response: " + s) // expect: ProtocolError "short response: {s}"
	}
	return err
}

func set_parser_error(ctx string, problem string) {}

func parse() {
	// expect: - "while parsing a list" alternatives: "did not find expected ','"
	// expect-call: set_parser_error "while parsing a list" args: "while parsing a list" "did not find expected ','"
	set_parser_error("while parsing a list", "did not find expected ','")
}
