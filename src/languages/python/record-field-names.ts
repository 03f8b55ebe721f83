// The names record-fields.ts files a record's field texts under, and which field names are read
// as messages: shared with template.ts, which reads a field at a raise.

/** The table a record's field is filed under, by position. */
export const fieldTable = (record: string, index: number): string => `::field/${record}#${index}`;
/** The table a raise reading a field by name looks into; the declaring file's reads the position's (MessageTable.reads). */
export const fieldNameTable = (field: string): string => `::field/.${field}`;

/**
 * Field names read as a message: they say message, error, reason or text (`rangeerrorstring`,
 * `errmsg`, `reason`). Other fields (`name`, `value`) are not messages, and reading every attribute
 * of every raise as a lookup would cost a table query each.
 */
export const MESSAGE_FIELD = /(?:msg|message|error|reason|text|description)/i;

/**
 * Attribute names read as message templates through `self` or `cls` (`self._ERROR_MSG_TEMPLATE.format(…)`,
 * `self.msg_fmt`), beside MESSAGE_FIELD's: class-attribute-texts.ts files class attributes of such
 * names, template.ts reads them.
 */
export const TEMPLATE_ATTR = /(?:^|_)(?:msg|message|template|fmt|format)s?(?:_|$)/i;
