import type { Certificate } from './certificate.js';
import { xmlEscape } from './junit.js';
import { untestedPhrase } from '../certificate/verdict.js';

/** Rough width of Verdana 11px text: good enough for a badge, and no font file needed. */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[ilj.,:;|!'1]/.test(ch) ? 3.5 : /[mwMW]/.test(ch) ? 10 : /[A-Z0-9]/.test(ch) ? 7.5 : 6.5;
  return Math.ceil(w);
}

/** badge.svg: a flat two-part badge, "PRA v2 | conforms 212/212 MUST", green or red. System fonts only. */
export function badgeSvg(c: Certificate): string {
  const left = `PRA ${c.specVersion}`;
  const right = `${c.verdict} ${c.must.passed}/${c.must.total} MUST`;
  const lw = textWidth(left) + 12;
  const rw = textWidth(right) + 12;
  const color = c.verdict === 'conforms' ? '#2e7d32' : c.verdict === 'incomplete' ? '#b26a00' : '#c62828';
  const label = `${left}: ${right}`;
  const untested = untestedPhrase(c.untested ?? [], 3);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + rw}" height="20" role="img" aria-label="${xmlEscape(label)}">
  <title>${xmlEscape(`${label}${untested ? `; ${untested}` : ''} (suite ${c.suiteVersion}, ${c.date}, fingerprint ${c.fingerprint.slice(0, 16)})`)}</title>
  <rect width="${lw}" height="20" fill="#555"/>
  <rect x="${lw}" width="${rw}" height="20" fill="${color}"/>
  <g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11">
    <text x="${lw / 2}" y="14">${xmlEscape(left)}</text>
    <text x="${lw + rw / 2}" y="14">${xmlEscape(right)}</text>
  </g>
</svg>
`;
}
