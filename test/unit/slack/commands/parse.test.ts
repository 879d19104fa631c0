import { describe, expect, it } from 'vitest';
import { parseTaskCommand } from '../../../../src/slack/commands/parse.ts';
import { VERBS } from '../../../../src/slack/commands/verbs.ts';

function intent(text: string) {
  const result = parseTaskCommand(text);
  if (result.kind === 'error') throw new Error(`expected an intent, got: ${result.message}`);
  return result;
}

function newTask(text: string) {
  const result = intent(text);
  if (result.verb !== 'new') throw new Error(`expected new, got ${result.verb}`);
  return result;
}

function error(text: string, enabled?: Parameters<typeof parseTaskCommand>[1]) {
  const result = parseTaskCommand(text, enabled);
  if (result.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(result)}`);
  return result;
}

describe('/task new', () => {
  it('takes people, due date, priority and project out of the title', () => {
    expect(intent('new Fix login bug @alice due friday !high #Website')).toEqual({
      kind: 'intent',
      verb: 'new',
      title: 'Fix login bug',
      assignees: [{ kind: 'name', name: 'alice' }],
      project: { kind: 'name', name: 'Website' },
      dueText: 'friday',
      priority: 'high',
      notes: [],
    });
  });

  it('reads Slack’s escaped forms of people and channels', () => {
    expect(intent('new <@U123|alice> Fix A &amp; B due tomorrow 5pm <#C42|website>')).toEqual({
      kind: 'intent',
      verb: 'new',
      title: 'Fix A & B',
      assignees: [{ kind: 'slack', userId: 'U123', name: 'alice' }],
      project: { kind: 'channel', channelId: 'C42', name: 'website' },
      dueText: 'tomorrow 5pm',
      priority: null,
      notes: [],
    });
  });

  it('keeps "due" in the title when no date follows it', () => {
    expect(intent('new Fix due diligence doc')).toMatchObject({
      title: 'Fix due diligence doc',
      dueText: null,
    });
    expect(intent('new Pay dues')).toMatchObject({ title: 'Pay dues', dueText: null });
    expect(intent('new Finish it due')).toMatchObject({ title: 'Finish it due', dueText: null });
  });

  it('takes only the date after "due" and leaves the rest in the title', () => {
    expect(intent('new Write report due next week for the board')).toMatchObject({
      title: 'Write report for the board',
      dueText: 'next week',
    });
    expect(intent('new Ship due by friday, then relax')).toMatchObject({
      title: 'Ship then relax',
      dueText: 'by friday,',
    });
  });

  it('never takes a date that is not after "due"', () => {
    expect(intent('new Plan friday standup')).toMatchObject({ title: 'Plan friday standup', dueText: null });
  });

  it('keeps # @ ! and due literally inside quotes, straight or curly', () => {
    expect(intent('new "Tag #release @ops !high due friday" #Website')).toMatchObject({
      title: 'Tag #release @ops !high due friday',
      project: { kind: 'name', name: 'Website' },
      assignees: [],
      priority: null,
      dueText: null,
    });
    expect(intent('new “Use #tags” now')).toMatchObject({ title: 'Use #tags now' });
  });

  it('quotes names with spaces', () => {
    expect(intent('new Plan @"Ana Lima" #"Marketing site"')).toMatchObject({
      title: 'Plan',
      assignees: [{ kind: 'name', name: 'Ana Lima' }],
      project: { kind: 'name', name: 'Marketing site' },
    });
  });

  it('reads priorities by name or number', () => {
    expect(newTask('new a !urgent').priority).toBe('urgent');
    expect(newTask('new a !1').priority).toBe('urgent');
    expect(newTask('new a !4').priority).toBe('low');
    expect(newTask('new a !MED').priority).toBe('medium');
    expect(newTask('new a !none').priority).toBe('none');
  });

  it('says what is wrong with a priority, a second project or a second date', () => {
    expect(error('new Fix !important').message).toMatch(/“!important” isn't a priority/);
    expect(error('new Fix !high !low').message).toMatch(/Two priorities/);
    expect(error('new Fix #A #B').message).toMatch(/Two projects given \(#A and #B\)/);
    expect(error('new Fix due friday due monday').message).toMatch(/Two due dates/);
  });

  it('keeps #123 in a title as an issue number, not a project', () => {
    expect(intent('new Fix bug #123')).toMatchObject({ title: 'Fix bug #123', project: null });
  });

  it('accepts the same person twice once, and @me as the caller', () => {
    expect(newTask('new a @ana @Ana <@U1|x> <@U1> @me').assignees).toEqual([
      { kind: 'name', name: 'ana' },
      { kind: 'slack', userId: 'U1', name: 'x' },
      { kind: 'me' },
    ]);
  });

  it('strips punctuation after a name', () => {
    expect(intent('new Call @ana, then #Sales.')).toMatchObject({
      assignees: [{ kind: 'name', name: 'ana' }],
      project: { kind: 'name', name: 'Sales' },
      title: 'Call then',
    });
  });

  it('gives an empty title for the modal when only options are given, or nothing', () => {
    expect(intent('new')).toMatchObject({ title: '', assignees: [], project: null });
    expect(intent('new @ana due friday')).toMatchObject({ title: '', dueText: 'friday' });
  });

  it('accepts the aliases create and add, in any case', () => {
    expect(intent('Create x').verb).toBe('new');
    expect(intent('ADD x').verb).toBe('new');
  });

  it('refuses a title over 500 characters, saying how long it is', () => {
    expect(error(`new ${'a'.repeat(501)}`).message).toMatch(/501 characters; the limit is 500/);
  });

  it('names an unclosed quote', () => {
    expect(error('new "Fix it').message).toMatch(/never closed/);
  });

  it('turns links and broadcasts in the title into text', () => {
    expect(newTask('new Read <https://x.test|the spec> <!here>').title).toBe(
      'Read the spec (https://x.test) @here',
    );
  });
});

describe('listing verbs', () => {
  it('mine [status]', () => {
    expect(intent('mine')).toEqual({ kind: 'intent', verb: 'mine', status: null });
    expect(intent('mine in progress')).toEqual({ kind: 'intent', verb: 'mine', status: 'in progress' });
    expect(error('mine @ana').message).toMatch(/takes a status only/);
  });

  it('list [#Project] [status]', () => {
    expect(intent('list')).toEqual({ kind: 'intent', verb: 'list', project: null, status: null });
    expect(intent('list #Website in progress')).toEqual({
      kind: 'intent',
      verb: 'list',
      project: { kind: 'name', name: 'Website' },
      status: 'in progress',
    });
    expect(intent('list <#C1|web> done')).toMatchObject({
      project: { kind: 'channel', channelId: 'C1', name: 'web' },
    });
    expect(error('list #A #B').message).toMatch(/one project/);
  });
});

describe('/task project', () => {
  it('shows, sets (by channel, #name or bare name) and clears', () => {
    expect(intent('project')).toMatchObject({ action: 'show', project: null });
    expect(intent('project none')).toMatchObject({ action: 'clear', project: null });
    expect(intent('project #Website')).toMatchObject({
      action: 'set',
      project: { kind: 'name', name: 'Website' },
    });
    expect(intent('project <#C9|website>')).toMatchObject({
      action: 'set',
      project: { kind: 'channel', channelId: 'C9', name: 'website' },
    });
    expect(intent('project Marketing site')).toMatchObject({
      action: 'set',
      project: { kind: 'name', name: 'Marketing site' },
    });
    expect(error('project @ana').verb).toBe('project');
  });
});

describe('verbs without arguments', () => {
  it.each(['connect', 'link', 'unlink'] as const)('%s', (verb) => {
    expect(intent(verb)).toEqual({ kind: 'intent', verb });
    expect(error(`${verb} now`).message).toMatch(/takes nothing after it/);
  });
});

describe('task verbs (issue 5)', () => {
  it('show / done / delete take one id, plain or #', () => {
    expect(intent('show 42')).toEqual({ kind: 'intent', verb: 'show', taskId: 42 });
    expect(intent('done #42')).toEqual({ kind: 'intent', verb: 'done', taskId: 42 });
    expect(intent('delete 7')).toEqual({ kind: 'intent', verb: 'delete', taskId: 7 });
    expect(intent('show <https://work.test/projects/3/tasks/42>')).toMatchObject({ taskId: 42 });
    expect(error('done').message).toMatch(/one task number/);
    expect(error('done 0').verb).toBe('done');
    expect(error('done 1 2').verb).toBe('done');
    expect(error('done abc').verb).toBe('done');
  });

  it('assign ID people | me | none', () => {
    expect(intent('assign 42 <@U1|ana> @bob me')).toEqual({
      kind: 'intent',
      verb: 'assign',
      taskId: 42,
      assignees: [
        { kind: 'slack', userId: 'U1', name: 'ana' },
        { kind: 'name', name: 'bob' },
        { kind: 'me' },
      ],
    });
    expect(intent('assign 42 none')).toMatchObject({ assignees: [] });
    expect(error('assign 42').verb).toBe('assign');
    expect(error('assign 42 soon').message).toMatch(/“soon” isn't a person/);
  });

  it('due ID DATE | none keeps the date raw', () => {
    expect(intent('due 42 friday 5pm')).toEqual({
      kind: 'intent',
      verb: 'due',
      taskId: 42,
      dueText: 'friday 5pm',
    });
    expect(intent('due 42 none')).toMatchObject({ dueText: null });
    expect(error('due 42').verb).toBe('due');
  });
});

describe('help and unknown verbs', () => {
  it('answers empty text and help with help', () => {
    expect(intent('')).toEqual({ kind: 'intent', verb: 'help', topic: null });
    expect(intent('   ')).toEqual({ kind: 'intent', verb: 'help', topic: null });
    expect(intent('help')).toEqual({ kind: 'intent', verb: 'help', topic: null });
    expect(intent('help create')).toEqual({ kind: 'intent', verb: 'help', topic: 'new' });
    expect(intent('help nonsense')).toEqual({ kind: 'intent', verb: 'help', topic: null });
  });

  it('suggests the closest verb within two edits, including through aliases', () => {
    expect(error('nwe Fix it')).toMatchObject({ code: 'unknown_verb', suggestion: 'new' });
    expect(error('craete x')).toMatchObject({ suggestion: 'new' });
    expect(error('lst')).toMatchObject({ suggestion: 'list' });
    expect(error('unlnik')).toMatchObject({ suggestion: 'unlink' });
    expect(error('minee').message).toMatch(/Did you mean `\/task mine`\?/);
  });

  it('suggests nothing when nothing is close', () => {
    const e = error('xyzzy');
    expect(e.suggestion).toBeNull();
    expect(e.message).toMatch(/`\/task xyzzy` isn't a command I know\. `\/task help` lists them all\./);
  });

  it('suggests only enabled verbs and refuses disabled ones', () => {
    const enabled = { enabled: ['new', 'mine', 'help'] as const };
    expect(error('dne').suggestion).toBe('done');
    expect(error('dne', enabled).suggestion).toBe('new');
    expect(error('done 4', enabled)).toMatchObject({ code: 'unavailable', verb: 'done' });
  });

  it('treats a mention or a quote in the verb place as unknown', () => {
    expect(error('@ana').code).toBe('unknown_verb');
    expect(error('"new" x').code).toBe('unknown_verb');
  });

  it('accepts a leading slash on the verb', () => {
    expect(intent('/mine').verb).toBe('mine');
  });
});

describe('the verb table', () => {
  // One entry per verb is checked by the type check (EVERY_VERB_DECLARED in verbs.ts).
  it('uses no word twice', () => {
    const words = VERBS.flatMap((v) => [v.name, ...v.aliases]);
    expect(new Set(words).size).toBe(words.length);
  });

  it('parses every example it shows in help', () => {
    for (const verb of VERBS) {
      for (const example of verb.examples) {
        const result = parseTaskCommand(example);
        expect(result.kind, example).toBe('intent');
        expect(result.kind === 'intent' && result.verb, example).toBe(verb.name);
      }
    }
  });
});
