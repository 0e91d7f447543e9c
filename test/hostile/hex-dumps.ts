/**
 * Hex dumps as a server's debugging echo writes them (`xxd`, `hexdump -C`, `xxd -p`), written here so
 * that the tests need no such tool on the machine.
 */

/** A request as a server would dump it back, the key in its Authorization field. */
export function requestWith(key: string): Buffer {
  return Buffer.from(`GET /contact HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nAccept: */*\r\n\r\n`);
}

const hex = (b: number) => b.toString(16).padStart(2, '0');
const ascii = (b: number) => (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : '.');

/** The bytes `cols` a line, as `xxd -c cols -g group` writes them (`-u`: upper-case hex). */
export function xxd(bytes: Buffer, cols: number, group: number, upper = false): string {
  const lines: string[] = [];
  const width = Math.ceil(cols / group) * (group * 2 + 1);
  for (let at = 0; at < bytes.length; at += cols) {
    const line = [...bytes.subarray(at, at + cols)];
    const groups: string[] = [];
    for (let g = 0; g < line.length; g += group)
      groups.push(
        line
          .slice(g, g + group)
          .map(hex)
          .join(''),
      );
    const column = groups.join(' ').padEnd(width);
    lines.push(
      `${at.toString(16).padStart(8, '0')}: ${upper ? column.toUpperCase() : column} ${line.map(ascii).join('')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** As `hexdump -C` writes them: 16 a line, a space more after the eighth, the ASCII between bars. */
export function hexdumpC(bytes: Buffer): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += 16) {
    const line = [...bytes.subarray(at, at + 16)];
    const column = `${line.slice(0, 8).map(hex).join(' ')}  ${line.slice(8).map(hex).join(' ')}`.padEnd(49);
    lines.push(`${at.toString(16).padStart(8, '0')}  ${column}  |${line.map(ascii).join('')}|`);
  }
  return `${lines.join('\n')}\n`;
}

/** As `xxd -p -c cols` writes them: hex alone. */
export function plain(bytes: Buffer, cols: number): string {
  const lines: string[] = [];
  for (let at = 0; at < bytes.length; at += cols) lines.push([...bytes.subarray(at, at + cols)].map(hex).join(''));
  return `${lines.join('\n')}\n`;
}

/**
 * Each line's share of the key, as the dump wrote it: the hex of the key's bytes on that line, and their
 * ASCII (on dumps that have the column), found in the dump as given.
 */
export function keyPieces(
  request: Buffer,
  key: string,
  cols: number,
): Array<{ line: number; pieces: [hex: string, ascii: string] }> {
  const keyAt = request.indexOf(key);
  const out: Array<{ line: number; pieces: [string, string] }> = [];
  for (let line = Math.floor(keyAt / cols); line * cols < keyAt + key.length; line++) {
    const bytes = [...request.subarray(Math.max(keyAt, line * cols), Math.min(keyAt + key.length, (line + 1) * cols))];
    out.push({ line, pieces: [bytes.map(hex).join(''), bytes.map(ascii).join('')] });
  }
  return out;
}
