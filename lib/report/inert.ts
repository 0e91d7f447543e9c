/**
 * Server text made inert for a terminal, a CI log and Markdown: every line break a renderer may
 * honour (CR, LF, CRLF, NEL, U+2028, U+2029) is a line break here too; every other control
 * character (ESC, BEL, backspace, DEL, C1) and every invisible character that changes how the text
 * around it reads (bidi overrides and isolates, zero-width characters, the BOM, …) is shown escaped,
 * `\x1b`, `\u202e`, never sent as itself.
 */
import { escapeInvisible, INVISIBLE } from '../util/invisible.js';

export const LINE_BREAK = /\r\n|[\r\n\u0085\u2028\u2029]/;

// eslint-disable-next-line no-control-regex -- control characters are what this strips
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function escapeControls(s: string): string {
  return s
    .replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export { escapeInvisible };

/** A text on one line: every line break a renderer may honour is a space, every control character escaped. */
export function oneLine(text: string): string {
  return escapeControls(text.split(LINE_BREAK).join(' '));
}

/** The lines of a text, split at any line break, each with its control characters escaped. */
export function inertLines(text: string): string[] {
  return text.split(LINE_BREAK).map(escapeControls);
}

/**
 * One line as a CI runner reads it, made inert: a runner takes a line that starts with `::` (after
 * any blanks: GitHub's runner strips them first) as a workflow command, and its older parser honours
 * `##[` anywhere in a line. The first `:` of such a line and the second `#` of every `##[` are shown
 * escaped (`\x3a`, `\x23`), and so is every control and invisible character.
 */
export function ciInertLine(line: string): string {
  return noCommand(escapeControls(line));
}

/** The lines of a text, each inert for a CI log (ciInertLine): what a Markdown code block or a CI log shows. */
export function ciInertLines(text: string): string[] {
  return text.split(LINE_BREAK).map(ciInertLine);
}

/** A line with no workflow command: `::` at its start (after blanks) and every `##[` shown escaped. */
export function noCommand(line: string): string {
  return line.replace(/^(\s*)::/, '$1\\x3a:').replace(/##\[/g, '#\\x23[');
}

/**
 * Every line the command line writes, as the last step before stdout or stderr: no workflow command
 * and no invisible character, whatever any command put in it (each escapes its own text's control
 * characters and line breaks first; a colour of the suite's own, on a terminal, stays).
 */
export function ciInert(text: string): string {
  return text
    .split('\n')
    .map((l) => noCommand(escapeInvisible(l)))
    .join('\n');
}

/**
 * Server text on one line of Markdown (a table cell, a list item, a heading's tail), rendered as the
 * text it is: no line break, no raw HTML or entity, no heading, code, link or image (every bracket
 * is escaped: CommonMark allows balanced brackets inside link text, so escaping only `[text](` is not
 * enough), no list or quote of its own, no autolink (`://`, `www.` and `@` are broken with an
 * escape), and no workflow command (`::`, `##[`) should the file be printed to a CI log.
 */
export function inertMarkdown(s: string): string {
  return ciInertLine(s.split(LINE_BREAK).join(' '))
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[[\]`#|]/g, (c) => `\\${c}`)
    .replace(
      /^(\s*)([-+*]|\d+[.)])(?=\s|$)/,
      (_m, sp: string, mark: string) => `${sp}${mark.replace(/[-+*.)]/, (c) => `\\${c}`)}`,
    )
    .replace(/:\/\//g, ':\\/\\/')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\\.`)
    .replace(/@/g, '\\@');
}

/**
 * Server text inside a Markdown code span: nothing renders there but a backtick, which would close
 * it (shown as `'`), and a `|`, which still ends a table cell (escaped); one line, and inert for a
 * CI log as every line is.
 */
export function inertCode(s: string): string {
  return ciInertLine(s.split(LINE_BREAK).join(' ')).replace(/`/g, "'").replace(/\|/g, '\\|');
}
