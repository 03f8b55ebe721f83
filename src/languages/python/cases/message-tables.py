# Messages looked up in a dict of messages (marks: src/languages/CASES.md). A dict in scope
# where it is looked into gives its entry, or every entry when the key is known only at run time
# (`alts:` of the first argument); a table of another scope is a lookup hole that record/ fills
# from the tree's tables (`holes:` names the lookup's expression).

TABLE = {
    'invalid': 'Not a valid {kind}.',
    'too_long': 'Longer than maximum length {max}.',
}


def pick(nargs):
    errors = {
        None: 'expected one argument',
        '?': 'expected at most one argument',
    }
    msg = errors.get(nargs)
    raise ValueError(msg)  # expect: ValueError "expected one argument" alts: "expected at most one argument"


def keyed():
    raise ValueError(TABLE['invalid'])  # expect: ValueError "Not a valid {kind}." holes: kind


class Field:
    default_error_messages = {
        'required': 'Missing data for required field.',
        'null': 'Field may not be null.',
    }

    def fail(self, key):
        raise ValueError(self.error_messages[key])  # expect: ValueError "{key}" holes: self.error_messages[key]

    def typed(self):
        raise ValueError(self.default_error_messages['null'])  # expect: ValueError "{default_error_messages}" holes: self.default_error_messages['null']
