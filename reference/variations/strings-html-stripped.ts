import { defineVariation, variationFlag } from './define.js';

/**
 * HTML tags are removed from plain string values ("<b>x</b>" is stored as "x"), as servers that
 * sanitise input do. rich_text is the value type that holds HTML ("string (HTML in notes)"); a plain
 * string promises no byte-exact storage.
 */
export default defineVariation({
  id: 'strings-html-stripped',
  description: 'HTML tags are removed from string values ("<b>x</b>" is stored as "x").',
  quote: 'silent: "| string | string |" promises no byte-exact storage of text',
  affects: ['robustness.*', 'value.*', 'write.*', 'contact.*', 'generated.*', 'custom-object.*'],
  apply: variationFlag('strings-html-stripped'),
});
