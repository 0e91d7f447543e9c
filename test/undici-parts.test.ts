import { describe, expect, it } from 'vitest';
import { Agent as IndexAgent } from 'undici';
import Agent from 'undici/lib/dispatcher/agent.js';
import requestOn from 'undici/lib/api/api-request.js';

// lib/http/wire.ts loads these two modules by path (undici's index loads fetch, WebSocket and more at
// every start): an undici that moved or renamed them fails here, not in a run
describe("the undici modules the client loads by path are the index's own", () => {
  it('the Agent is the Agent undici exports', () => {
    expect(Agent).toBe(IndexAgent);
  });

  it('the request is the request every undici dispatcher has', () => {
    expect(Reflect.get(IndexAgent.prototype, 'request')).toBe(requestOn);
  });
});
