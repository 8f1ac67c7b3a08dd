import type { Built } from '../shared/registry.js';
import type { EngagementDeps } from './deps.js';
import { makeListMySchedule } from './use-cases/list-my-schedule.usecase.js';
import { makeCreateScheduleItem } from './use-cases/create-schedule-item.usecase.js';
import { makeUpdateScheduleItem } from './use-cases/update-schedule-item.usecase.js';
import { makeDeleteScheduleItem } from './use-cases/delete-schedule-item.usecase.js';
import { makeGetFeedToken } from './use-cases/get-feed-token.usecase.js';
import { makeRotateFeedToken } from './use-cases/rotate-feed-token.usecase.js';
import { makeRevokeFeedToken } from './use-cases/revoke-feed-token.usecase.js';
import { makeRenderScheduleFeed } from './use-cases/render-schedule-feed.usecase.js';
import { makeCreateScheduleTemplate } from './use-cases/create-schedule-template.usecase.js';
import { makeListScheduleTemplates } from './use-cases/list-schedule-templates.usecase.js';
import { makeGetScheduleTemplate } from './use-cases/get-schedule-template.usecase.js';
import { makeUpdateScheduleTemplate } from './use-cases/update-schedule-template.usecase.js';
import { makeDeleteScheduleTemplate } from './use-cases/delete-schedule-template.usecase.js';
import { makeAddTemplateItem } from './use-cases/add-template-item.usecase.js';
import { makeUpdateTemplateItem } from './use-cases/update-template-item.usecase.js';
import { makeDeleteTemplateItem } from './use-cases/delete-template-item.usecase.js';
import { makeAssignScheduleTemplate } from './use-cases/assign-schedule-template.usecase.js';
import { makeStartConversation } from './use-cases/start-conversation.usecase.js';
import { makeListConversations } from './use-cases/list-conversations.usecase.js';
import { makeGetConversation } from './use-cases/get-conversation.usecase.js';
import { makeListMessages } from './use-cases/list-messages.usecase.js';
import { makeSendMessage } from './use-cases/send-message.usecase.js';
import { makeMarkConversationRead } from './use-cases/mark-conversation-read.usecase.js';
import { makeReplayChatMessages } from './use-cases/replay-chat-messages.usecase.js';
import { makeAskLessonAssistant } from './use-cases/ask-lesson-assistant.usecase.js';
import { makeListLessonAiMessages } from './use-cases/list-lesson-ai-messages.usecase.js';
import { makeEngagementDashboard } from './engagement-dashboard.js';

/** Engagement's use cases and services, each under the name the container gives it (one line each). */
export const engagementUseCases = {
  listMySchedule: makeListMySchedule,
  createScheduleItem: makeCreateScheduleItem,
  updateScheduleItem: makeUpdateScheduleItem,
  deleteScheduleItem: makeDeleteScheduleItem,
  getFeedToken: makeGetFeedToken,
  rotateFeedToken: makeRotateFeedToken,
  revokeFeedToken: makeRevokeFeedToken,
  renderScheduleFeed: makeRenderScheduleFeed,
  createScheduleTemplate: makeCreateScheduleTemplate,
  listScheduleTemplates: makeListScheduleTemplates,
  getScheduleTemplate: makeGetScheduleTemplate,
  updateScheduleTemplate: makeUpdateScheduleTemplate,
  deleteScheduleTemplate: makeDeleteScheduleTemplate,
  addTemplateItem: makeAddTemplateItem,
  updateTemplateItem: makeUpdateTemplateItem,
  deleteTemplateItem: makeDeleteTemplateItem,
  assignScheduleTemplate: makeAssignScheduleTemplate,
  startConversation: makeStartConversation,
  listConversations: makeListConversations,
  getConversation: makeGetConversation,
  listMessages: makeListMessages,
  sendMessage: makeSendMessage,
  markConversationRead: makeMarkConversationRead,
  replayChatMessages: makeReplayChatMessages,
  askLessonAssistant: makeAskLessonAssistant,
  listLessonAiMessages: makeListLessonAiMessages,
  engagementDashboard: makeEngagementDashboard,
};

/** What the container holds for this context: its ports (deps.ts) and what its table builds; route modules `Pick` from it. */
export type EngagementRegistry = EngagementDeps & Built<typeof engagementUseCases>;
