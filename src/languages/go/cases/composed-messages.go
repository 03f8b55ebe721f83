// Composed messages: errors.Join, an Error() method joining its field's messages, a printf-style
// helper of the file with a short name, a conversion of a formatted string to an error type
// declared in another file. (Marks: src/languages/CASES.md.)
package decode

import (
	"errors"
	"fmt"
	"strings"
)

// expect-class: TypeError "decode errors:\n  {Errors}" params: Errors
type TypeError struct{ Errors []string }

// expect-call: Join "{Errors}" args: "{Errors}" "\n  "
func (e *TypeError) Error() string { return "decode errors:\n  " + strings.Join(e.Errors, "\n  ") }

type meta struct{ key string }

func (md *meta) e(format string, args ...interface{}) error {
	return fmt.Errorf("decode: "+format, args...) // expect: - "decode: {format}"
}

func check(md *meta, a, b error, t string) error {
	if t == "" {
		// expect-call: e "incompatible types: %s into %s" args: "incompatible types: %s into %s" "{t}" "{key}"
		return md.e("incompatible types: %s into %s", t, md.key) // expect: - "incompatible types: {t} into {key}"
	}
	if a != nil {
		return errors.Join(a, b) // expect: - "{a}\n{b}"
	}
	// expect-call: Sprintf "malformed header: %q" args: "malformed header: %q" "{t}"
	return ProtoError(fmt.Sprintf("malformed header: %q", t)) // expect: ProtoError "malformed header: {t}"
}

// An Error() method assembling its message in a local variable: the last value is the message, the
// earlier ones are messages it may print too.
// expect-class: AddrError "address {Addr}: {Err}" params: Err, Addr
type AddrError struct {
	Err  string
	Addr string
}

func (e *AddrError) Error() string {
	s := e.Err
	if e.Addr != "" {
		s = "address " + e.Addr + ": " + s
	}
	return s
}

func parseMAC(s string) error {
	return &AddrError{Err: "invalid MAC address", Addr: s} // expect: AddrError -
}

// A field printed by its String() method is the field: the struct literal binds it.
type ErrorCode string

const ErrMissingParen ErrorCode = "missing closing )"

// expect-class: SyntaxError "error parsing regexp: {Code}: `{Expr}`" params: Code, Expr
type SyntaxError struct {
	Code ErrorCode
	Expr string
}

func (e *SyntaxError) Error() string {
	return "error parsing regexp: " + e.Code.String() + ": `" + e.Expr + "`"
}

func parseRegexp(s string) error {
	return &SyntaxError{ErrMissingParen, s} // expect: SyntaxError -
}
