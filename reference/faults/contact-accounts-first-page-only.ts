import { defineFault } from './define.js';
import { isObj, mapReplies } from './kit.js';

/**
 * The contact-accounts read answers at most two items, and next_cursor null: a contact's third linked
 * account is never listed, so the read does not show the edge its link wrote (the links' read-back).
 */
export default defineFault({
  id: 'contact-accounts-first-page-only',
  breaks: ['contact.accounts.page'],
  description:
    "the contact-accounts read lists at most two accounts with next_cursor null, so a contact's further accounts are never shown",
  apply(state) {
    mapReplies(state, (reply, request) => {
      if (request.method !== 'GET' || !/^\/contact\/[^/]+\/relationship\/accounts$/.test(request.path)) return reply;
      if (!isObj(reply.body) || !Array.isArray(reply.body['items']) || reply.body['items'].length <= 2) return reply;
      return { ...reply, body: { ...reply.body, items: reply.body['items'].slice(0, 2), next_cursor: null } };
    });
  },
});
