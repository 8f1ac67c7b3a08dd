import { asFunction, asValue } from 'awilix';
import type { Redis } from 'ioredis';
import type { AppModule } from '../app-module.js';
import type { LogPort } from '../../application/shared/ports.js';
import type { Lifecycle } from '../../infrastructure/lifecycle.js';
import { makeListMySchedule } from '../../application/engagement/use-cases/list-my-schedule.usecase.js';
import { makeCreateScheduleItem } from '../../application/engagement/use-cases/create-schedule-item.usecase.js';
import { makeUpdateScheduleItem } from '../../application/engagement/use-cases/update-schedule-item.usecase.js';
import { makeDeleteScheduleItem } from '../../application/engagement/use-cases/delete-schedule-item.usecase.js';
import { makeGetFeedToken } from '../../application/engagement/use-cases/get-feed-token.usecase.js';
import { makeRotateFeedToken } from '../../application/engagement/use-cases/rotate-feed-token.usecase.js';
import { makeRevokeFeedToken } from '../../application/engagement/use-cases/revoke-feed-token.usecase.js';
import { makeRenderScheduleFeed } from '../../application/engagement/use-cases/render-schedule-feed.usecase.js';
import { makeCreateScheduleTemplate } from '../../application/engagement/use-cases/create-schedule-template.usecase.js';
import { makeListScheduleTemplates } from '../../application/engagement/use-cases/list-schedule-templates.usecase.js';
import { makeGetScheduleTemplate } from '../../application/engagement/use-cases/get-schedule-template.usecase.js';
import { makeUpdateScheduleTemplate } from '../../application/engagement/use-cases/update-schedule-template.usecase.js';
import { makeDeleteScheduleTemplate } from '../../application/engagement/use-cases/delete-schedule-template.usecase.js';
import { makeAddTemplateItem } from '../../application/engagement/use-cases/add-template-item.usecase.js';
import { makeUpdateTemplateItem } from '../../application/engagement/use-cases/update-template-item.usecase.js';
import { makeDeleteTemplateItem } from '../../application/engagement/use-cases/delete-template-item.usecase.js';
import { makeAssignScheduleTemplate } from '../../application/engagement/use-cases/assign-schedule-template.usecase.js';
import { makeStartConversation } from '../../application/engagement/use-cases/start-conversation.usecase.js';
import { makeListConversations } from '../../application/engagement/use-cases/list-conversations.usecase.js';
import { makeGetConversation } from '../../application/engagement/use-cases/get-conversation.usecase.js';
import { makeListMessages } from '../../application/engagement/use-cases/list-messages.usecase.js';
import { makeSendMessage } from '../../application/engagement/use-cases/send-message.usecase.js';
import { makeMarkConversationRead } from '../../application/engagement/use-cases/mark-conversation-read.usecase.js';
import { makeReplayChatMessages } from '../../application/engagement/use-cases/replay-chat-messages.usecase.js';
import { makeAskLessonAssistant } from '../../application/engagement/use-cases/ask-lesson-assistant.usecase.js';
import { makeListLessonAiMessages } from '../../application/engagement/use-cases/list-lesson-ai-messages.usecase.js';
import { makeEngagementDashboard } from '../../application/engagement/engagement-dashboard.js';
import { makeAiMessagePgRepository, makeChatPgRepository } from '../../adapters/persistence/pg/chat.pg-repository.js';
import {
  makeFeedTokenPgRepository,
  makeScheduleItemPgRepository,
  makeScheduleTemplatePgRepository,
} from '../../adapters/persistence/pg/schedule.pg-repository.js';
import { builtinLessonAssistant } from '../../adapters/gateways/ai/builtin-lesson-assistant.js';
import { makeOpenAiLessonAssistant } from '../../adapters/gateways/ai/openai-lesson-assistant.js';
import { MemoryRealtimeBus, RedisRealtimeBus, type RealtimeBus } from '../../adapters/realtime/realtime-bus.js';
import { ChatStreamHub } from '../../adapters/realtime/chat-stream-hub.js';
import { makeEngagementScheduleRoutes } from '../../adapters/http/routes/engagement-schedule.routes.js';
import { makeEngagementChatRoutes } from '../../adapters/http/routes/engagement-chat.routes.js';

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
    scheduleItemRepository: asFunction(makeScheduleItemPgRepository).singleton(),
    scheduleTemplateRepository: asFunction(makeScheduleTemplatePgRepository).singleton(),
    feedTokenRepository: asFunction(makeFeedTokenPgRepository).singleton(),
    chatRepository: asFunction(makeChatPgRepository).singleton(),
    aiMessageRepository: asFunction(makeAiMessagePgRepository).singleton(),
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

    listMySchedule: asFunction(makeListMySchedule).singleton(),
    createScheduleItem: asFunction(makeCreateScheduleItem).singleton(),
    updateScheduleItem: asFunction(makeUpdateScheduleItem).singleton(),
    deleteScheduleItem: asFunction(makeDeleteScheduleItem).singleton(),
    getFeedToken: asFunction(makeGetFeedToken).singleton(),
    rotateFeedToken: asFunction(makeRotateFeedToken).singleton(),
    revokeFeedToken: asFunction(makeRevokeFeedToken).singleton(),
    renderScheduleFeed: asFunction(makeRenderScheduleFeed).singleton(),
    createScheduleTemplate: asFunction(makeCreateScheduleTemplate).singleton(),
    listScheduleTemplates: asFunction(makeListScheduleTemplates).singleton(),
    getScheduleTemplate: asFunction(makeGetScheduleTemplate).singleton(),
    updateScheduleTemplate: asFunction(makeUpdateScheduleTemplate).singleton(),
    deleteScheduleTemplate: asFunction(makeDeleteScheduleTemplate).singleton(),
    addTemplateItem: asFunction(makeAddTemplateItem).singleton(),
    updateTemplateItem: asFunction(makeUpdateTemplateItem).singleton(),
    deleteTemplateItem: asFunction(makeDeleteTemplateItem).singleton(),
    assignScheduleTemplate: asFunction(makeAssignScheduleTemplate).singleton(),
    startConversation: asFunction(makeStartConversation).singleton(),
    listConversations: asFunction(makeListConversations).singleton(),
    getConversation: asFunction(makeGetConversation).singleton(),
    listMessages: asFunction(makeListMessages).singleton(),
    sendMessage: asFunction(makeSendMessage).singleton(),
    markConversationRead: asFunction(makeMarkConversationRead).singleton(),
    replayChatMessages: asFunction(makeReplayChatMessages).singleton(),
    askLessonAssistant: asFunction(makeAskLessonAssistant).singleton(),
    listLessonAiMessages: asFunction(makeListLessonAiMessages).singleton(),
    engagementDashboard: asFunction(makeEngagementDashboard).singleton(),

    engagementScheduleRoutes: asFunction(makeEngagementScheduleRoutes).singleton(),
    engagementChatRoutes: asFunction(makeEngagementChatRoutes).singleton(),
  }),
  routes: ['engagementScheduleRoutes', 'engagementChatRoutes'],
  dashboard: ['engagementDashboard'],
};
