import { defineVariation, variationFlag } from './define.js';

/**
 * C0 control characters (U+0000 to U+001F: TAB, CR, LF among them) are stripped from written text, as
 * many servers sanitise input. The suite's own generators leave such characters out, "since whether a
 * server normalises those is not shown"; a fixed check that writes one must take either outcome.
 */
export default defineVariation({
  id: 'strings-c0-stripped',
  description: 'C0 control characters (TAB, CR, LF, …) are stripped from string, long_text and rich_text values.',
  quote: 'silent: "| string | string |" promises no byte-exact storage of text',
  affects: ['robustness.*', 'value.*', 'write.*', 'contact.*', 'generated.*', 'custom-object.*'],
  apply: variationFlag('strings-c0-stripped'),
});
