<?php
// Messages a method of the same class, or a function of the file, returns.

namespace App\Parser;

class Parser
{
    private $symbolToName = [];

    public function parse(int $symbol, int $state)
    {
        switch ($state) {
            case 0:
                $msg = $this->getErrorMessage($symbol, $state);
                throw new \RuntimeException($msg); // expect: RuntimeException "Syntax error, unexpected {symbol}" alts: "Syntax error, unexpected {symbol}, expecting {expected}"
        }
        throw new \LogicException(self::describe('state', $state)); // expect: LogicException "Unknown state {value}" alts: "Nothing to describe"
    }

    public function check($value)
    {
        throw new \LogicException($this->name() . ' failed: ' . static::reason($value)); // expect: LogicException "{name} failed: {value}"
    }

    protected function getErrorMessage(int $symbol, int $state): string
    {
        $expectedString = '';
        if ($expected = $this->getExpectedTokens($state)) {
            $expectedString = ', expecting ' . implode(' or ', $expected);
        }

        return 'Syntax error, unexpected ' . $this->symbolToName[$symbol] . $expectedString;
    }

    private static function describe(string $what, $value): string
    {
        if ($value === null) {
            return 'Nothing to describe';
        }
        return sprintf('Unknown %s %s', $what, $value);
    }

    private function name()
    {
        return $this->name;
    }

    private static function reason($value)
    {
        return $value;
    }
}

function invalid_code(int $code): string
{
    return "Invalid code $code";
}

function check_code(int $code)
{
    throw new \DomainException(invalid_code($code) . '.'); // expect: DomainException "Invalid code {code}."
}

class Assert
{
    public static function uuid($value)
    {
        throw new \InvalidArgumentException(sprintf('Value %s is not a valid UUID.', static::valueToString($value))); // expect: InvalidArgumentException "Value {value} is not a valid UUID."
    }

    protected static function valueToString($value)
    {
        if (null === $value) {
            return 'null';
        }
        if (\is_string($value)) {
            return '"'.$value.'"';
        }
        return (string) $value;
    }
}

final class JsonError
{
    public static function check(int $code)
    {
        throw new \JsonException(match ($code) { // expect: JsonException "Maximum stack depth exceeded" alts: "Syntax error" "Unknown error {code}"
            JSON_ERROR_DEPTH => 'Maximum stack depth exceeded',
            JSON_ERROR_SYNTAX, JSON_ERROR_CTRL_CHAR => 'Syntax error',
            JSON_ERROR_NONE => throw new \LogicException('No error'), // expect: LogicException "No error"
            default => "Unknown error $code",
        });
    }
}
