import { asCall, asSessionChange } from './sessionWrites';

/** A request that answers when told to, recording when it started and ended. */
function request(name: string, log: string[]) {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  return {
    run: async () => {
      log.push(`${name} sent`);
      await answered;
      log.push(`${name} answered`);
      return name;
    },
    answer,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('session writes: a language change and the calls around it', () => {
  it('calls run side by side', async () => {
    const log: string[] = [];
    const a = request('draft', log);
    const b = request('image', log);
    const both = Promise.all([asCall(a.run), asCall(b.run)]);
    await settle();
    expect(log).toEqual(['draft sent', 'image sent']);
    b.answer();
    a.answer();
    expect(await both).toEqual(['draft', 'image']);
  });

  it('a change waits for the call under way, so that the call\'s answer cannot bring the old session back', async () => {
    const log: string[] = [];
    const draft = request('draft', log);
    const language = request('language', log);
    const drafted = asCall(draft.run);
    const changed = asSessionChange(language.run);
    await settle();
    expect(log).toEqual(['draft sent']);
    draft.answer();
    await settle();
    expect(log).toEqual(['draft sent', 'draft answered', 'language sent']);
    language.answer();
    expect(await Promise.all([drafted, changed])).toEqual(['draft', 'language']);
  });

  it('a call asked for during a change is sent after it, with the new cookie', async () => {
    const log: string[] = [];
    const language = request('language', log);
    const draft = request('draft', log);
    const changed = asSessionChange(language.run);
    await settle();
    const drafted = asCall(draft.run);
    await settle();
    expect(log).toEqual(['language sent']);
    language.answer();
    await settle();
    expect(log).toEqual(['language sent', 'language answered', 'draft sent']);
    draft.answer();
    await Promise.all([changed, drafted]);
  });

  it('a change that fails lets the calls go on', async () => {
    const log: string[] = [];
    await expect(asSessionChange(async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    const draft = request('draft', log);
    const drafted = asCall(draft.run);
    await settle();
    expect(log).toEqual(['draft sent']);
    draft.answer();
    await drafted;
  });

  it('two changes run one after the other', async () => {
    const log: string[] = [];
    const first = request('en', log);
    const second = request('fr', log);
    const both = Promise.all([asSessionChange(first.run), asSessionChange(second.run)]);
    await settle();
    expect(log).toEqual(['en sent']);
    first.answer();
    await settle();
    expect(log).toEqual(['en sent', 'en answered', 'fr sent']);
    second.answer();
    await both;
  });
});
