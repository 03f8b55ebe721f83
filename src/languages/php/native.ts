// PHP functions whose return value is one of a fixed set of the runtime's own messages, and that
// libraries raise as the whole message (`throw new \InvalidArgumentException(json_last_error_msg())`).
// The texts are what PHP 8.2 prints (test/e2e/php-native.test.ts runs php-cli to check each);
// "No error" is left out, since these are read after an error was seen, and so is a text no input
// was found to make (pcre's "Internal error"). A call
// inside a longer message (`'Invalid JSON: '.json_last_error_msg()`) stays a hole: the text
// around it already names the site.

/** Function name (lower case) → the messages it can return after an error. */
export const NATIVE_MESSAGES: Readonly<Record<string, readonly string[]>> = {
  json_last_error_msg: [
    'Syntax error',
    'Malformed UTF-8 characters, possibly incorrectly encoded',
    'Maximum stack depth exceeded',
    'State mismatch (invalid or malformed JSON)',
    'Control character error, possibly incorrectly encoded',
    'Recursion detected',
    'Inf and NaN cannot be JSON encoded',
    'Type is not supported',
    'The decoded property name is invalid',
    'Single unpaired UTF-16 surrogate in unicode escape',
  ],
  preg_last_error_msg: [
    'Backtrack limit exhausted',
    'Recursion limit exhausted',
    'Malformed UTF-8 characters, possibly incorrectly encoded',
    'The offset did not correspond to the beginning of a valid UTF-8 code point',
  ],
};

/**
 * PHP's exception classes raised only by its functions, with the texts of the function named: a
 * `JsonException` is what `json_decode`/`json_encode` throw with `JSON_THROW_ON_ERROR`, its message
 * `json_last_error_msg()`'s text. A caught one's `getMessage()` is one of those texts, inside a
 * longer message too (`$e->getMessage().sprintf(' for "%s".', $url)`): each a form of the message.
 */
export const CAUGHT_NATIVE: Readonly<Record<string, string>> = {
  JsonException: 'json_last_error_msg',
};
