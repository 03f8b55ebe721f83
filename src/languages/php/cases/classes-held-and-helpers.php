<?php
// Exception classes known only at run time where the code names them anyway: a class held in a
// local (`return new $className(…)`), `static::class`, Laravel's raise helpers; and a parameter a
// branch gives another value.

namespace App\Http;

class ClientException extends \RuntimeException {} // expect-class: ClientException - bases: RuntimeException
class ServerException extends \RuntimeException {} // expect-class: ServerException - bases: RuntimeException

// expect-class: RequestException - bases: RuntimeException
class RequestException extends \RuntimeException
{
    protected $exception = ClientException::class;

    public static function create(int $status, string $method, string $summary = null): self
    {
        if ($status >= 500) {
            $label = 'Server error';
            $className = ServerException::class;
        } elseif ($status >= 400) {
            $label = 'Client error';
            $className = $status === 404 ? 'App\Http\ClientException' : ClientException::class;
        } else {
            $label = 'Unsuccessful request';
            $className = __CLASS__;
        }
        $message = sprintf('%s: `%s` resulted in a `%d` response', $label, $method, $status);
        // expect: ServerException "Server error: `{method}` resulted in a `{status}` response" holes: method, status:int
        // ... alts: "Client error: `{method}` resulted in a `{status}` response" "Unsuccessful request: `{method}` resulted in a `{status}` response"
        return new $className($message);
    }

    public static function forLevel(int $level, string $text)
    {
        $class = match ($level) {
            5 => ServerException::class,
            4 => ClientException::class,
            default => throw new \LogicException('no level ' . $level), // expect: LogicException "no level {level}"
        };
        throw new $class($text . ' failed'); // expect: ServerException "{text} failed"
    }

    public function fail(string $reason)
    {
        throw new $this->exception($reason . ' (' . $this::class . ')'); // expect: ClientException "{reason} (App\\Http\\RequestException)" alts: "{reason} ({class})"
    }

    public static function describeStatic()
    {
        return new \LogicException(get_called_class() . ' has no description'); // expect: LogicException "App\\Http\\RequestException has no description" alts: "{get_called_class} has no description"
    }

    public static function made(string $kind)
    {
        $className = self::pick($kind);
        return new $className('no class is known here'); // expect-no-site: the class is a call's result
    }

    public function __call($method, $parameters)
    {
        // expect: BadMethodCallException "Method App\\Http\\RequestException::{method} does not exist." alts: "Method {class}::{method} does not exist."
        throw new \BadMethodCallException(sprintf('Method %s::%s does not exist.', static::class, $method));
    }

    public function describe()
    {
        throw new \LogicException(get_class($this) . ' cannot be described'); // expect: LogicException "App\\Http\\RequestException cannot be described" alts: "{get_class} cannot be described"
    }

    public function validate(bool $failed)
    {
        throw_if($failed, $this->exception, 'The request failed validation.'); // expect: ClientException "The request failed validation."
        throw_unless($this->ready(), 'The request is not ready.'); // expect: RuntimeException "The request is not ready."
        throw_if($failed, $this->handler); // expect-no-site: no class is named
        return true;
    }

    public function query(string $name, string $type = 'A')
    {
        $type = strtoupper(trim($type));
        if ($type === '*') {
            $type = 'ANY';
        }
        // expect: RuntimeException "invalid type ({type}) for {name}" alts: "invalid type (ANY) for {name}"
        throw new \RuntimeException('invalid type (' . $type . ') for ' . $name);
    }
}

trait ForwardsCalls
{
    public function __call($method, $parameters)
    {
        throw new \BadMethodCallException(sprintf('Call to undefined method %s::%s()', static::class, $method)); // expect: BadMethodCallException "Call to undefined method {class}::{method}()"
    }
}
