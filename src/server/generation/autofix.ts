import { and, eq, max } from 'drizzle-orm';
import { nextAutofixRound, parseAutofixMark } from '../../core/autofix/index.ts';
import { autofixPrompt } from '../../core/snapshot/index.ts';
import { cachedPlanOf } from '../billing/plan-cache.ts';
import type { Database } from '../db/client.ts';
import { chats, messages, users } from '../db/schema/index.ts';
import type { BuildErrorPayload } from '../realtime/events.ts';
import type { GenerationService } from './service.ts';

export interface Autofix {
  /** A preview build of `version` failed with `error`: start Kiln's next repair round, if it has one. */
  onBuildFailed(chatId: string, version: number, error: BuildErrorPayload): Promise<void>;
}

/**
 * Kiln repairs its own failed builds (issue 33 item 4, decision 0058): the build of a version the
 * model just wrote failed, so its error goes back to the model as the fix prompt, in a version of
 * its own, on behalf of the person who asked — until a build works, the rounds run out
 * (`messages.autofix`), the person stops a round, or they moved on (a newer version exists).
 * Anything in the way (a generation running, the plan's budget spent) leaves the error panel to
 * the person, as before.
 */
export function createAutofix(deps: {
  db: Database;
  /** Late-bound: the generation service is made after the preview service that reports failures. */
  generation: () => GenerationService;
  log: (message: string) => void;
}): Autofix {
  const { db } = deps;
  return {
    async onBuildFailed(chatId, version, error) {
      try {
        const [answer] = await db
          .select({ autofix: messages.autofix, finishReason: messages.finishReason, userId: messages.userId })
          .from(messages)
          .where(
            and(eq(messages.chatId, chatId), eq(messages.role, 'assistant'), eq(messages.version, version)),
          )
          .limit(1);
        const mark = parseAutofixMark(answer?.autofix ?? null);
        const round = nextAutofixRound(mark, answer?.finishReason ?? null);
        if (!answer || !mark || round === null) return;
        const [newest] = await db
          .select({ version: max(messages.version) })
          .from(messages)
          .where(eq(messages.chatId, chatId));
        if (newest?.version !== version) return;
        const [person] = await db
          .select({ id: users.id, name: users.fullName, email: users.email, image: users.avatarUrl })
          .from(users)
          .innerJoin(chats, eq(chats.id, chatId))
          .where(eq(users.id, answer.userId ?? chats.userId))
          .limit(1);
        if (!person) return;
        const { plan, isPremium, periodStart } = await cachedPlanOf(db, person.id);
        await deps.generation().start(
          { user: person, plan, isPremium, periodStart },
          {
            chatId,
            prompt: autofixPrompt(error, plan),
            selectedVersion: version,
            files: [],
            autofix: { round, of: mark.of, title: error.title },
          },
        );
        deps.log(`autofix: ${chatId}-${version} failed (${error.title}): round ${round}/${mark.of} started`);
      } catch (failure) {
        deps.log(`autofix: ${chatId}-${version} not repaired: ${(failure as Error).message.split('\n')[0]}`);
      }
    },
  };
}
