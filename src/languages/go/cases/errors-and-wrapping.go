// Returned errors: errors.New, fmt.Errorf with its verbs and %w, pkg/errors' Wrap, sentinels
// handed out by return, error types whose Error() builds the message from fields, panics and
// fatal logs. (Marks: src/languages/CASES.md.)
package store

import (
	"errors"
	"fmt"
	"log"
	"net/http"
)

const prefix = "store: "

var ErrClosed = errors.New("store is closed")

// expect-class: KeyError "{Op} {Key}: {Err}" params: Op, Key, Err
type KeyError struct {
	Op  string
	Key string
	Err error
}

func (e *KeyError) Error() string { return e.Op + " " + e.Key + ": " + e.Err.Error() }

func Get(key string, n int) (string, error) {
	if key == "" {
		return "", errors.New("empty key") // expect: - "empty key" symbol: Get guards: if key == ""
	}
	if n > 3 {
		return "", fmt.Errorf(prefix+"too many (%d > %d) for %q", n, 3, key) // expect: - "store: too many ({n} > 3) for {key}" holes: n:int, key:repr
	}
	return "", ErrClosed // expect: - "store is closed"
}

func Put(key string, err error) error {
	if err != nil {
		return fmt.Errorf("put %s: %w", key, err) // expect: - "put {key}: {err}" symbol: Put
	}
	// expect: KeyError -
	return &KeyError{Op: "put", Key: key, Err: ErrClosed}
}

func mustOpen(path string) {
	if path == "" {
		panic("no path given") // expect: - "no path given" symbol: mustOpen
	}
	log.Fatalf("cannot open %s", path) // expect: - "cannot open {path}" type: exit severity: critical
}

func handler(w http.ResponseWriter) {
	http.Error(w, "not found", http.StatusNotFound) // expect: - "not found" type: http status: 404
}
