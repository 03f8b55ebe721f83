# Sites that are not raises: assert, logging at error level and above,
# warnings, sys.exit with a message, parser.error and abort. (Marks:
# src/languages/CASES.md.)

# --- assert, with and without a message

for item in items:
    # expect: AssertionError "item item={item} must be positive" type: assertion severity: error
    # ... guards: for item in items @7 | assert not (item > 0) @10
    assert item > 0, f"item {item=} must be positive"
    assert item  # expect: AssertionError "" type: assertion

# --- logging calls: lazy % arguments, severities

logger.error("bad %s: %d", name, n)  # expect: - "bad {name}: {n}" type: log severity: error
logging.critical("down")  # expect: - "down" type: log severity: critical
self.logger.warning("w %(x)s", {"x": y})  # expect: - "w {y}" type: log severity: warning
LOG.exception("boom")  # expect: - "boom" type: log severity: error
_logger.warn("old")  # expect: - "old" type: log severity: warning
log.fatal("f")  # expect: - "f" type: log severity: critical
logging.getLogger(__name__).error("g %s", *args)  # expect: - "g {value}" type: log severity: error
logger.log(logging.ERROR, "lvl %s", v)  # expect: - "lvl {v}" type: log severity: error
logger.info("not a site")  # expect-no-site: below warning level
logger.log(logging.INFO, "not a site")  # expect-no-site
math.log(x)  # expect-no-site: not a logger
results.error("not a logger")  # expect-no-site

# logging without arguments leaves %s alone
logger.error("100%s literal")  # expect: - "100%s literal" type: log severity: error

# --- candidate text in strings and comments is no call; calls split over lines are

# logger.error("no")
text = "warn(no)"  # expect-no-site
# expect: - "yes" type: log severity: error
logger \
    .error(
  "yes")
warnings.warn (  # expect: UserWarning "w" type: warning
"w")

# --- warnings

warnings.warn("deprecated", DeprecationWarning, stacklevel=2)  # expect: DeprecationWarning "deprecated" type: warning severity: warning
warn("plain")  # expect: UserWarning "plain" type: warning severity: warning
warnings.warn(FutureWarning("inst %s" % x))  # expect: FutureWarning "inst {x}" type: warning severity: warning

# --- sys.exit with a message, parser.error, abort

sys.exit("fatal: " + reason)  # expect: SystemExit "fatal: {reason}" type: exit status: -
sys.exit(1)  # expect-no-site: an exit status is no message
sys.exit(code)  # expect-no-site
parser.error("bad args")  # expect: SystemExit "bad args" type: exit status: -
abort(404)  # expect: HTTPException - type: http status: 404
flask.abort(403, "nope")  # expect: HTTPException "nope" type: http status: 403
os.abort()  # expect-no-site
