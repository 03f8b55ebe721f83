// Round 12's shapes through the CLI, on Debian's libraries (decision 0102): the error is made by running
// the real library (/usr/bin/python3) on bad input, and its message is explained against an index of
// the library.
//   - pymongo's `validate_options`: `validator = URI_OPTIONS_VALIDATOR_MAP.get(normed_key,
//     raise_config_error)` / `value = validator(opt, value)` in a `try`; the handler sets `message =
//     str(exc)` or a text of its own, `error = type(exc)(message)`, and (another branch) `error = exc`;
//     `raise error` after it. The validators' texts, two calls deep (`validate_integer` from
//     `validate_non_negative_integer`), are messages of that raise.
//   - isbnlib's `ISBNLibException.__str__` returns `getattr(self, 'message', '')`; `NotValidISBNError`'s
//     constructor sets `self.message = "(%s) is not a valid ISBN" % isbnlike`.
//   - geojson's `msg = "Cannot coerce %r …: %s"` / `msg %= (ob, invalid)` / `raise ValueError(msg)`.
//   - avro's `AvroOutOfScaleException(AvroTypeException)`: both constructors take `*args`, and the base's
//     falls back to `super().__init__(*args)`; the subclass hands it its own f-string.
import { describe, expect, it } from 'vitest';
import { firstAnswer as first, haveLibs as have, raised } from './debian-python.js';

describe.skipIf(!have('pymongo'))("a validator's text caught and raised again as type(exc)(message) (pymongo)", () => {
  it("says the validator's text, two calls deep, at the raise after the handler", () => {
    const m = raised("from pymongo.uri_parser import parse_uri\nparse_uri('mongodb://localhost/?wtimeoutms=abc')").message;
    expect(m).toBe('The value of wtimeoutms must be an integer');
    const a = first('pymongo', m);
    expect(a).toMatchObject({ file: 'pymongo/common.py', template: 'The value of {option} must be an integer' });
    expect(a.lines).toContain(814);
  });

  it("says the handler's own text at that raise", () => {
    const m = raised("from pymongo.uri_parser import parse_uri\nparse_uri('mongodb://localhost/?readpreference=sometimes')").message;
    expect(m).toBe('Invalid value for readpreference');
    expect(first('pymongo', m)).toMatchObject({ file: 'pymongo/common.py', line: 814, template: 'Invalid value for {normed_key}' });
  });
});

describe.skipIf(!have('isbnlib'))("a constructor's self.message read by a base's __str__ (isbnlib)", () => {
  it("says the subclass's text with the raise's argument", () => {
    const m = raised("import isbnlib\nisbnlib.meta('9780000000000')").message;
    expect(m).toBe('(9780000000000) is not a valid ISBN');
    // (the class is raised in four files with the same argument: any of them is first)
    const a = first('isbnlib', m);
    expect(a.template).toBe('({isbn}) is not a valid ISBN');
    expect(a.file).toMatch(/^isbnlib\/_(?:metadata|msk|editions|infogroup)\.py$/);
  });
});

describe.skipIf(!have('geojson'))('a text formatted by %= before the raise (geojson)', () => {
  it('says the text with the values put in', () => {
    const m = raised("import geojson\ngeojson.GeoJSON.to_instance({'type': 'Blob'}, strict=True)").message;
    expect(m).toMatch(/^Cannot coerce \{'type': 'Blob'\} into a valid GeoJSON structure: /);
    expect(first('geojson', m)).toMatchObject({ file: 'geojson/base.py', line: 118, template: 'Cannot coerce {ob} into a valid GeoJSON structure: {invalid}' });
  });
});

describe.skipIf(!have('avro'))("a subclass's text handed to a base that passes its *args on (avro)", () => {
  it("says the subclass's text, not the base's", () => {
    const m = raised([
      'import avro.schema, avro.io, io, decimal',
      's = avro.schema.parse(\'{"type": "bytes", "logicalType": "decimal", "precision": 5, "scale": 1}\')',
      "avro.io.DatumWriter(s).write(decimal.Decimal('1.234'), avro.io.BinaryEncoder(io.BytesIO()))",
    ].join('\n')).message;
    expect(m).toBe('The exponent of 1.234, -3, is too large for the schema scale of 1');
    expect(first('avro', m)).toMatchObject({ file: 'avro/io.py', line: 486, template: 'The exponent of {datum}, {exponent}, is too large for the schema scale of {scale}' });
  });
});
