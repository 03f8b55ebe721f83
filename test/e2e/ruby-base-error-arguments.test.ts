// Ruby end to end: a base error whose `initialize(object, message = nil)` takes the message second
// (Debian ruby-state-machines 0.5). `StateMachines::Error#initialize(object, message = nil)` passes
// `super(message)`; `IntegrationNotFound#initialize(name)` calls `super(nil, "#{name.inspect} is an
// invalid integration. #{error_message}")`, whose first argument is no message. The text is the
// second argument, bound to the base's `message` along the chain; the raise in `find_by_name`
// answers it, not a `{key} is an invalid {index_name}` elsewhere. `error_message` returns one of two
// texts by an `if` (none registered, or the list): the same raise answers each, the second a branch
// of the class's message (facts/classes.ts) since no argument chooses it. The state_machines tree is
// analyzed by the CLI, the real interpreter raises. CI needs the Debian packages ruby and
// ruby-state-machines.
import { beforeAll, describe, expect, it } from 'vitest';
import { errdex, explainOutput } from './cli.js';
import { indexCopy, rubyMessage, VENDOR } from './ruby-run.js';

/** The message state_machines raises for this code. */
const run = (code: string): string => rubyMessage('state_machines', code);

describe('ruby: a subclass passing its text as the base constructor\'s second argument (Debian ruby-state-machines)', () => {
  let db: string;

  beforeAll(() => {
    db = indexCopy(VENDOR, 'state_machines');
  }, 120_000);

  it('answers the unknown integration by the raise of IntegrationNotFound', () => {
    const message = run('class Door; state_machine(:state, initial: :closed, integration: :bogus) { }; end');
    expect(message).toBe(':bogus is an invalid integration. No integrations registered');
    const r = errdex(['explain', message, '--db', db, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = explainOutput(r.stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'state_machines/integrations.rb', errorClass: 'IntegrationNotFound' });
    expect(out.hits[0].record.errorMessage).toMatch(/^\{name\} is an invalid integration\. /);
  });

  it('answers the other text the class\'s message method returns (integrations registered) by the same raise', () => {
    const message = run('module Mine; def self.integration_name = :mine; end; StateMachines::Integrations.register(Mine); class Door; state_machine(:state, initial: :closed, integration: :bogus) { }; end');
    expect(message).toBe(':bogus is an invalid integration. Valid integrations are: [:mine]');
    const out = explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'state_machines/integrations.rb', errorClass: 'IntegrationNotFound' });
    expect(out.hits[0].record.errorMessage).toMatch(/^\{name\} is an invalid integration\. Valid integrations are: \{/);
  });

  it('still answers a subclass whose first argument is the object (InvalidEvent)', () => {
    const message = run('class Door; state_machine(:state, initial: :closed) { event(:open) { transition closed: :opened } }; end; Door.new.fire_events!(:slam)');
    expect(message).toBe(':slam is an unknown state machine event');
    const out = explainOutput(errdex(['explain', message, '--db', db, '--json']).stdout);
    expect(out.hits[0].record).toMatchObject({ filePath: 'state_machines/machine_collection.rb', errorClass: 'InvalidEvent' });
  });
});
