import { asFunction, asValue } from 'awilix';
import type { Redis } from 'ioredis';
import type { AppModule } from '../app-module.js';
import { factories } from '../registrations.js';
import { engagementRoutes } from '../../adapters/http/routes/registry.js';
import { engagementRepositories } from '../../adapters/persistence/pg/registry.js';
import { engagementUseCases } from '../../application/engagement/registry.js';
import type { LogPort } from '../../application/shared/ports.js';
import type { Lifecycle } from '../../infrastructure/lifecycle.js';
import { builtinLessonAssistant } from '../../adapters/gateways/ai/builtin-lesson-assistant.js';
import { makeOpenAiLessonAssistant } from '../../adapters/gateways/ai/openai-lesson-assistant.js';
import { MemoryRealtimeBus, RedisRealtimeBus, type RealtimeBus } from '../../adapters/realtime/realtime-bus.js';
import { ChatStreamHub } from '../../adapters/realtime/chat-stream-hub.js';

/**
 * Engagement: schedules and templates, the calendar feed, chat with its live stream, and the
 * lesson AI assistant. It reads learning through `learningAccess` only. `chatEvents` (the
 * realtime bus) is what other contexts may publish live events with.
 */
export const engagementModule: AppModule = {
  name: 'engagement',
  registrations: (config) => ({
    engagementOptions: asValue({
      timeZone: config.SCHEDULE_TIMEZONE ?? null,
      uidDomain: new URL(config.publicUrl).hostname,
      feedPastDays: 90,
      feedFutureDays: 366,
    }),
    ...factories(engagementRepositories),
    lessonAssistant: asFunction(({ log }: { log: LogPort }) =>
      config.AI_PROVIDER === 'openai'
        ? makeOpenAiLessonAssistant({
            baseUrl: config.AI_BASE_URL,
            apiKey: config.AI_API_KEY,
            model: config.AI_MODEL,
            timeoutMs: config.AI_TIMEOUT_MS,
            maxRetries: config.AI_MAX_RETRIES,
            log,
          })
        : builtinLessonAssistant,
    ).singleton(),
    // Redis pub/sub across API processes with REDIS_URL, else in this process only.
    chatEvents: asFunction(({ redis, log }: { redis: Redis | null; log: LogPort }): RealtimeBus =>
      redis ? new RedisRealtimeBus(redis, `${config.QUEUE_PREFIX}:chat`, log) : new MemoryRealtimeBus(log),
    )
      .singleton()
      .disposer((bus) => bus.close()),
    chatStreamHub: asFunction(
      ({ chatEvents, lifecycle, log }: { chatEvents: RealtimeBus; lifecycle: Lifecycle; log: LogPort }) =>
        new ChatStreamHub(chatEvents, lifecycle, config.CHAT_STREAM_HEARTBEAT_MS, log),
    )
      .singleton()
      .disposer((hub) => hub.dispose()),

    ...factories(engagementUseCases),

    ...factories(engagementRoutes),
  }),
  routes: Object.keys(engagementRoutes),
  dashboard: ['engagementDashboard'],
};
