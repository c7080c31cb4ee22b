import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Ledger } from './reconcile'
import type { Traffic } from './traffic'

const run = promisify(execFile)

/**
 * A brand system as an integrator builds one (README, "For integrators"): registered with the operator
 * command, it reads the suppression feed and the task feed from where it stopped, every 5 s, and answers each
 * task it read; a task whose answer failed is answered again at the next round.
 */
export class BrandSystem {
  private suppressionsAfter = ''
  private tasksAfter = ''
  private readonly unanswered = new Set<string>()
  secret = ''

  constructor(
    readonly name: string,
    readonly country: 'NL' | 'BE',
    private readonly host: string,
    private readonly traffic: Traffic,
    private readonly ledger: Ledger,
  ) {
    ledger.feed.set(name, [])
    ledger.tasksRead.set(name, [])
    ledger.tasksAnswered.set(name, new Set())
  }

  /** `npm run api-clients -- add …` and `webhook …` on the built commands, as an operator does. */
  async register(root: string, env: Record<string, string>, hookUrl: string): Promise<string> {
    const operator = (...args: string[]) =>
      run(process.execPath, ['dist/scripts/api-clients.mjs', ...args], { cwd: root, env })
    const added = await operator('add', '--name', this.name, '--country', this.country, '--tasks', 'on')
    this.secret = /^pss_[\w-]{43}$/m.exec(added.stdout)?.[0] ?? ''
    if (!this.secret) throw new Error(`no secret for ${this.name}: ${added.stdout}`)
    const hook = await operator(
      'webhook',
      '--name',
      this.name,
      '--url',
      hookUrl,
      '--events',
      'suppression.created,request.verified,task.created',
    )
    const signing = /^whsec_\S+$/m.exec(hook.stdout)?.[0]
    if (!signing) throw new Error(`no signing secret for ${this.name}: ${hook.stdout}`)
    return signing
  }

  /** One round: the suppression feed to its end, the task feed to its end, then every unanswered task. */
  async round(): Promise<void> {
    this.suppressionsAfter = await this.walk('feed', '/api/v1/suppressions', this.suppressionsAfter, (id) =>
      this.ledger.feed.get(this.name)?.push(id),
    )
    this.tasksAfter = await this.walk('tasks', '/api/v1/tasks', this.tasksAfter, (id) => {
      this.ledger.tasksRead.get(this.name)?.push(id)
      this.unanswered.add(id)
    })
    const answered = this.ledger.tasksAnswered.get(this.name) ?? new Set<string>()
    const pending = [...this.unanswered]
    for (let start = 0; start < pending.length; start += 8) {
      await Promise.all(
        pending.slice(start, start + 8).map(async (id) => {
          const answer = await this.traffic.call(
            'task-answer',
            {
              method: 'POST',
              host: this.host,
              path: `/api/v1/tasks/${id}/result`,
              headers: { authorization: `Bearer ${this.secret}` },
              body: { outcome: 'not_found', note: 'Geen klant op dit adres.' },
            },
            this.country === 'NL' ? 990 : 991,
          )
          if (answer.status === 200) {
            answered.add(id)
            this.unanswered.delete(id)
          }
        }),
      )
    }
  }

  /** Reads a feed from `after` to its end; answers the cursor to start from next time. */
  private async walk(
    route: string,
    path: string,
    after: string,
    seen: (id: string) => void,
  ): Promise<string> {
    let cursor = after
    for (;;) {
      const answer = await this.traffic.call(
        route,
        {
          method: 'GET',
          host: this.host,
          path: `${path}?limit=1000${cursor ? `&after=${cursor}` : ''}`,
          headers: { authorization: `Bearer ${this.secret}` },
        },
        this.country === 'NL' ? 992 : 993,
      )
      if (answer.status !== 200) return cursor
      const page = JSON.parse(answer.body) as { items: { id: string }[]; next: string | null }
      for (const item of page.items) seen(item.id)
      const last = page.items.at(-1)?.id
      if (page.next && page.items.length > 0) cursor = page.next
      else return last ?? cursor
    }
  }

  get waitingAnswers(): number {
    return this.unanswered.size
  }
}
