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
		return md.e("incompatible types: %s into %s", t, md.key) // expect: - "incompatible types: {t} into {key}"
	}
	if a != nil {
		return errors.Join(a, b) // expect: - "{a}\n{b}"
	}
	// expect-call: Sprintf "malformed header: %q" args: "malformed header: %q" "{t}"
	return ProtoError(fmt.Sprintf("malformed header: %q", t)) // expect: ProtoError "malformed header: {t}"
}
