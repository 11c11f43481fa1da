import { MAX_IMPORT_ROWS } from '@fitcoach/shared/invitations';
import { CsvError, parse } from 'csv-parse/sync';
import { text, type Text } from '../../i18n/i18n';
import { HttpError } from '../../lib/http-error';

// eslint-disable-next-line no-control-regex
const CONTROL_RUNS = /[\u0000-\u001F\u007F-\u009F]+/g;

export interface ContactLine {
  /** The record's line in the file (header = 1). */
  line: number;
  name: string;
  email: string;
}

/** Header names (lower-cased, without spaces, dashes or underscores) of each column we read. */
const EMAIL_HEADERS = new Set([
  'email',
  'emailaddress',
  'mail',
  'emailaddress1',
  'primaryemail',
  'correo',
  'correoelectronico',
]);
const NAME_HEADERS = new Set(['name', 'fullname', 'displayname', 'contactname', 'nombre']);

const normalise = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-.]/g, '');

/**
 * Comma or semicolon: whichever the header line has more of outside quotes (spreadsheets in
 * much of Europe save CSV with semicolons).
 */
export function detectDelimiter(csv: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const c of csv) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ',') commas += 1;
    else if (!quoted && c === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * What is wrong, in the member's language: csv-parse's own messages are English and name its
 * internals ("trimable character"), so only its error code and line are used.
 */
function problemOf(err: CsvError): Text {
  const line = (err as CsvError & { lines?: number }).lines ?? 1;
  const code: string = err.code;
  if (code === 'CSV_QUOTE_NOT_CLOSED') {
    // Reported where the file ends, not where the quote opened: no line to name.
    return text('errors:invitations.csvProblem.quoteNotClosed');
  }
  if (
    code === 'CSV_INVALID_CLOSING_QUOTE' ||
    code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE'
  ) {
    return text('errors:invitations.csvProblem.textAfterClosingQuote', { line });
  }
  if (code === 'INVALID_OPENING_QUOTE') {
    return text('errors:invitations.csvProblem.quoteInsideField', { line });
  }
  return text('errors:invitations.csvProblem.other', { line });
}

const unreadable = (err: CsvError) =>
  new HttpError(
    422,
    'unprocessable',
    text('errors:invitations.unreadableFile', { problem: problemOf(err) }),
  );

/**
 * A contacts file's rows: name and email found by header (other columns ignored), UTF-8 with
 * or without BOM, comma or semicolon, quoted fields. Every data row is answered, blank cells
 * and all: a row with no email is reported, not dropped.
 */
export function parseContacts(csv: string): ContactLine[] {
  const body = csv.replace(/^\uFEFF/, '');
  if (body.trim() === '')
    throw new HttpError(422, 'unprocessable', text('errors:invitations.emptyFile'));
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(body),
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    if (err instanceof CsvError) throw unreadable(err);
    throw err;
  }
  const [header, ...data] = records;
  if (!header) throw new HttpError(422, 'unprocessable', text('errors:invitations.emptyFile'));
  const columns = header.record.map(normalise);
  const emailAt = columns.findIndex((c) => EMAIL_HEADERS.has(c));
  if (emailAt === -1) {
    throw new HttpError(422, 'unprocessable', text('errors:invitations.noEmailColumn'));
  }
  const nameAt = columns.findIndex((c) => NAME_HEADERS.has(c));
  const firstAt = columns.findIndex((c) => c === 'firstname' || c === 'givenname');
  const lastAt = columns.findIndex(
    (c) => c === 'lastname' || c === 'familyname' || c === 'surname',
  );
  if (data.length > MAX_IMPORT_ROWS) {
    throw new HttpError(
      413,
      'payload_too_large',
      text('errors:invitations.tooManyRows', { rows: data.length, max: MAX_IMPORT_ROWS }),
    );
  }
  return data.map(({ record, info }) => {
    const cell = (at: number) => (at === -1 ? '' : (record[at] ?? ''));
    const name = (cell(nameAt) || [cell(firstAt), cell(lastAt)].filter(Boolean).join(' '))
      // A name is one line: a quoted cell's line breaks and any control character become spaces.
      .replace(CONTROL_RUNS, ' ')
      .trim();
    return { line: info.lines, name: name.slice(0, 100), email: cell(emailAt).toLowerCase() };
  });
}
