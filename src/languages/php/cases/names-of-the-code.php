<?php
// Magic constants and `::class` in messages: the names PHP gives them where they are written.

namespace App\RateLimiter\Policy;

use App\RateLimiter\Exception\ReserveNotSupportedException;
use App\Support\Window as SlidingWindow;
use App\Storage\{Redis, Memory as InMemory};

// expect-class: ReserveNotSupportedException "Reserving tokens is not supported by \"{limiterClass}\"." params: limiterClass from: super bases: LogicException
class ReserveNotSupportedException extends \LogicException
{
    public function __construct(string $limiterClass)
    {
        parent::__construct(sprintf('Reserving tokens is not supported by "%s".', $limiterClass));
    }
}

final class SlidingWindowLimiter
{
    public function reserve(int $tokens)
    {
        throw new ReserveNotSupportedException(__CLASS__); // expect: ReserveNotSupportedException "App\\RateLimiter\\Policy\\SlidingWindowLimiter" symbol: SlidingWindowLimiter.reserve
    }

    public function check(int $tokens)
    {
        if ($tokens < 0) {
            throw new \InvalidArgumentException(sprintf('"%s()" needs a positive count, %d given.', __METHOD__, $tokens)); // expect: InvalidArgumentException "\"App\\RateLimiter\\Policy\\SlidingWindowLimiter::check()\" needs a positive count, {tokens} given."
        }
        throw new \LogicException(sprintf('%s cannot wrap "%s" in %s.', self::class, SlidingWindow::class, __FUNCTION__)); // expect: LogicException "App\\RateLimiter\\Policy\\SlidingWindowLimiter cannot wrap \"App\\Support\\Window\" in check."
    }

    public function store()
    {
        throw new \LogicException(sprintf('Use %s or %s.', Redis::class, InMemory::class)); // expect: LogicException "Use App\\Storage\\Redis or App\\Storage\\Memory."
    }

    public function copy()
    {
        throw new \LogicException(sprintf('Cannot copy "%s" or "%s" (%s).', static::class, \Other\Clock::class, Local::class)); // expect: LogicException "Cannot copy \"App\\RateLimiter\\Policy\\SlidingWindowLimiter\" or \"Other\\Clock\" (App\\RateLimiter\\Policy\\Local)." alts: "Cannot copy \"{class}\" or \"Other\\Clock\" (App\\RateLimiter\\Policy\\Local)."
    }
}

trait Reports
{
    public function fail()
    {
        throw new \LogicException('Not supported by ' . __CLASS__); // expect: LogicException "Not supported by {__CLASS__}"
    }
}

function configure()
{
    throw new \RuntimeException(__FUNCTION__ . ' in ' . __NAMESPACE__ . ' via ' . __METHOD__); // expect: RuntimeException "configure in App\\RateLimiter\\Policy via App\\RateLimiter\\Policy\\configure"
}
