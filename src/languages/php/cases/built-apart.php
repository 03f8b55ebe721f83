<?php
// Messages built away from the raise: a message property a method of the class writes from what the
// constructor stored, an object built by appends and read as a string, a helper whose body ends in
// the branches that return.

namespace App\Parse;

// expect-class: ParseError "{message}" params: message, snippet, previous alts: "{message} (near \"{snippet}\")" branches: "{message}." branch-holes: message
class ParseError extends \RuntimeException
{
    private $rawMessage;
    private $snippet;

    public function __construct(string $message, $snippet = null, \Throwable $previous = null)
    {
        $this->rawMessage = $message;
        $this->snippet = $snippet ? json_encode($snippet) : $snippet;
        $this->updateRepr();
        parent::__construct($this->message, 0, $previous);
    }

    private function updateRepr()
    {
        $this->message = $this->rawMessage;
        $dot = false;
        if ('.' === substr($this->message, -1)) {
            $this->message = substr($this->message, 0, -1);
            $dot = true;
        }
        if ($this->snippet) {
            $this->message .= sprintf(' (near "%s")', $this->snippet);
        }
        if ($dot) {
            $this->message .= '.';
        }
    }
}

class Asserter
{
    public static function check($identifier, $actual)
    {
        if ($actual !== true) {
            $description = new Description();
            if ($identifier) {
                $description->appendText($identifier . PHP_EOL);
            }
            $description->appendText('Expected: true, but: ')->appendValue($actual);
            throw new \LogicException((string) $description); // expect: LogicException "{identifier}\nExpected: true, but: {actual}" alts: "Expected: true, but: {actual}"
        }
    }
}

class Reader
{
    public function decode(string $json)
    {
        $data = json_decode($json, true);
        if ($data === null) {
            throw new \UnexpectedValueException($this->lastError()); // expect: UnexpectedValueException "JSON depth exceeded" alts: "JSON syntax error" "JSON error" "JSON unavailable"
        }
        return $data;
    }

    private function lastError()
    {
        if (function_exists('json_last_error')) {
            switch (json_last_error()) {
                case JSON_ERROR_DEPTH:
                    return 'JSON depth exceeded';
                case JSON_ERROR_SYNTAX:
                    return 'JSON syntax error';
                default:
                    return 'JSON error';
            }
        } else {
            return 'JSON unavailable';
        }
    }
}
