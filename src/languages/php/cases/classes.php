<?php
// Exception classes whose constructor fixes the message, and named constructors.

namespace App\Exception;

// expect-class: InvalidKeyException "Invalid key \"{key}\"." params: key, code from: super bases: InvalidArgumentException
class InvalidKeyException extends \InvalidArgumentException
{
    public function __construct(string $key, int $code = 0)
    {
        parent::__construct(sprintf('Invalid key "%s".', $key), $code);
    }

    public static function forKey(string $key): self
    {
        return new self($key); // expect: InvalidKeyException "{key}" symbol: InvalidKeyException.forKey
    }

    public static function empty(): static
    {
        return new static('(empty)'); // expect: InvalidKeyException "(empty)"
    }
}

// expect-class: NotFound "Nothing was found" from: attr bases: RuntimeException
class NotFound extends \RuntimeException
{
    protected $message = 'Nothing was found';
}

function lookup(array $items, string $key)
{
    if (!isset($items[$key])) {
        throw InvalidKeyException::forKey($key); // expect-no-site: the trace shows the factory's new
    }
    throw new NotFound(); // expect: NotFound -
}
