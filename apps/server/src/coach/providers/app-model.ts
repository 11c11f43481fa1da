import type { Locale } from '@fitcoach/shared/locales';
import type { ServiceContext } from '../../lib/service-context';
import { say } from '../coach-text';
import {
  createOpenAiProvider,
  openAiSettingsFrom,
  type AiFailure,
  type AiLog,
  type OpenAiProvider,
} from './openai';

/**
 * The app's model when `AI_PROVIDER=openai`, created once per app (its settings and client live
 * as long as the app's service context), null for the `local` engine. Answers, chat and
 * generation share it, so two apps in one process (tests) never see each other's engine.
 */
const models = new WeakMap<ServiceContext, OpenAiProvider | null>();

/** Creates the app's model client with the app's logger; called when the routes register. */
export function prepareAppModel(ctx: ServiceContext, log: AiLog): void {
  if (models.has(ctx)) return;
  const settings = openAiSettingsFrom(ctx.config);
  models.set(ctx, settings ? createOpenAiProvider(settings, log) : null);
}

/** The app's model, or null when the engine is `local`. */
export function appModel(ctx: ServiceContext): OpenAiProvider | null {
  // Status and code only are ever logged (see the provider); without the app's logger, nothing.
  if (!models.has(ctx)) prepareAppModel(ctx, { warn: () => {} });
  return models.get(ctx) ?? null;
}

/**
 * Shown with what the local engine made because the model failed: why, then what the member
 * got instead (e.g. "This answer comes from FitCoach’s own notes instead."), in their language.
 * (`failure.message` stays English: it is what the logs say.)
 */
export function fallbackNotice(
  failure: AiFailure,
  instead: 'workout' | 'program' | 'diet' | 'answer' | 'changeRequest',
  locale?: Locale,
): string {
  return `${say(locale, `model.failure.${failure.kind}`)} ${say(locale, `model.instead.${instead}`)}`;
}
