import { z } from 'zod';
import type { ReplayChatMessages } from '../../../application/engagement/use-cases/replay-chat-messages.usecase.js';
import {
  aiMessageView,
  assistantAnswerView,
  conversationView,
  messagePageView,
  messageView,
  readMarkerView,
} from '../wire/engagement.present.js';
import { MAX_MESSAGE_CHARS, MAX_PARTICIPANTS, MAX_TITLE_CHARS, MESSAGE_TYPES } from '../../../domain/engagement/chat.js';
import { MAX_QUESTION_CHARS } from '../../../domain/engagement/assistant.js';
import { Role } from '../../../domain/identity/role.js';
import type { ChatStreamHub } from '../../realtime/chat-stream-hub.js';
import { RAW, reply } from '../kit/envelope.js';
import { unwrap, errorsFrom } from '../kit/errors.js';
import { idParam, pageQuery, pageView, text, toPageRequest, uuid } from '../kit/schemas.js';
import * as wire from '../wire/engagement.wire.js';
import type { RouteModule } from '../kit/route-table.js';
import type { EngagementRegistry } from '../../../application/engagement/registry.js';

type Deps = Pick<
  EngagementRegistry,
  | 'startConversation'
  | 'listConversations'
  | 'getConversation'
  | 'listMessages'
  | 'sendMessage'
  | 'markConversationRead'
  | 'askLessonAssistant'
  | 'listLessonAiMessages'
> & {
  replayChatMessages: ReplayChatMessages;
  chatStreamHub: ChatStreamHub;
};

const ConversationBody = z.object({
  participant_ids: z.array(uuid).min(1).max(MAX_PARTICIPANTS),
  title: text(MAX_TITLE_CHARS)
    .nullable()
    .optional()
    .transform((t) => t || null),
});
const MessagesQuery = z.strictObject({ before: uuid.optional(), limit: z.coerce.number().int().min(1).max(100).default(50) });
const MessageBody = z.object({ content: z.string().max(MAX_MESSAGE_CHARS), message_type: z.enum(MESSAGE_TYPES).default('text') });
const ReadBody = z.object({ message_id: uuid.optional() });
const LessonParam = z.object({ lessonId: uuid });
const AskBody = z.object({ message: z.string().trim().min(1).max(MAX_QUESTION_CHARS) });

/** Spec "Chat" (conversations, messages, the live stream) and the lesson AI assistant. */
export const makeEngagementChatRoutes =
  (d: Deps): RouteModule =>
  (r) => {
    const tags = ['chat'];
    const access = Role.Student;

    r.get(
      '/api/lms/chat/conversations',
      {
        operationId: 'listConversations',
        response: wire.ConversationPage,
        errors: errorsFrom(d.listConversations)([]),
        summary: "The caller's conversations, latest activity first, with the last message and unread count",
        access,
        query: pageQuery,
        tags,
      },
      async ({ actor, query }) => {
        const { page, people } = await d.listConversations(actor, toPageRequest(query));
        return pageView(page, (s) => conversationView(s, people));
      },
    );

    r.post(
      '/api/lms/chat/conversations',
      {
        operationId: 'startConversation',
        response: wire.Conversation,
        errors: errorsFrom(d.startConversation)(['NO_PARTICIPANTS', 'TOO_MANY_PARTICIPANTS', 'PARTICIPANT_NOT_FOUND', 'CHAT_FORBIDDEN']),
        summary: "Start a conversation (one other person: the pair's direct conversation, reused when it exists; more: a group)",
        access,
        body: ConversationBody,
        tags,
      },
      async ({ actor, body }) => {
        const started = unwrap(await d.startConversation(actor, { participantIds: body.participant_ids, title: body.title }));
        return reply(
          conversationView(started.summary, started.people),
          started.created ? 'Conversation created' : 'Conversation already exists',
        );
      },
    );

    r.get(
      '/api/lms/chat/conversations/:id',
      {
        operationId: 'getConversation',
        response: wire.Conversation,
        errors: errorsFrom(d.getConversation)(['CONVERSATION_NOT_FOUND']),
        summary: "One of the caller's conversations",
        access,
        params: idParam,
        tags,
      },
      async ({ actor, params }) => {
        const found = unwrap(await d.getConversation(actor, params.id));
        return conversationView(found.summary, found.people);
      },
    );

    r.get(
      '/api/lms/chat/conversations/:id/messages',
      {
        operationId: 'listMessages',
        response: wire.MessagePage,
        errors: errorsFrom(d.listMessages)(['CONVERSATION_NOT_FOUND', 'UNKNOWN_CURSOR']),
        summary: 'Messages newest first; `before` (a message id) pages to older ones, `limit` 1–100 (default 50)',
        access,
        params: idParam,
        query: MessagesQuery,
        tags,
      },
      async ({ actor, params, query }) => {
        const page = unwrap(await d.listMessages(actor, params.id, { before: query.before, limit: query.limit }));
        return messagePageView(page, query.limit);
      },
    );

    r.post(
      '/api/lms/chat/conversations/:id/messages',
      {
        operationId: 'sendMessage',
        response: wire.ChatMessage,
        errors: errorsFrom(d.sendMessage)(['CONVERSATION_NOT_FOUND', 'INVALID_MESSAGE']),
        summary: 'Send a message (`text`, `link` or `file`)',
        access,
        params: idParam,
        body: MessageBody,
        tags,
      },
      async ({ actor, params, body }) =>
        reply(
          messageView(unwrap(await d.sendMessage(actor, params.id, { content: body.content, messageType: body.message_type }))),
          'Message sent',
        ),
    );

    r.post(
      '/api/lms/chat/conversations/:id/read',
      {
        operationId: 'markConversationRead',
        response: wire.ReadMarker,
        errors: errorsFrom(d.markConversationRead)(['CONVERSATION_NOT_FOUND', 'UNKNOWN_MESSAGE']),
        summary: 'Mark the conversation read up to a message (default: the latest)',
        access,
        params: idParam,
        body: ReadBody,
        tags,
      },
      async ({ actor, params, body }) => {
        return readMarkerView(params.id, unwrap(await d.markConversationRead(actor, params.id, body.message_id)));
      },
    );

    r.get(
      '/api/lms/chat/stream',
      {
        operationId: 'streamChat',
        producesSchema: z.string().meta({
          description:
            'Server-Sent Events: `event: message`, `id:` the message id, `data:` a ChatMessage as JSON; `event: resync` when more than 500 were missed',
        }),
        errors: errorsFrom(d.replayChatMessages)([]),
        summary:
          "Server-Sent Events: one `message` event (JSON) per new message of the caller's conversations, replayed from " +
          '`Last-Event-ID` on reconnect; a comment line every 15 s',
        access,
        tags,
        produces: 'text/event-stream',
      },
      async ({ actor, ctx }) => {
        // EventSource sends the id of the last event it received when it reconnects: replay from there.
        const lastEventId = uuid.safeParse(ctx.get('Last-Event-ID'));
        const backlog = lastEventId.success
          ? async () => {
              const replay = await d.replayChatMessages(actor, lastEventId.data);
              return replay && { events: replay.messages.map((m) => ({ id: m.id, data: messageView(m) })), complete: replay.complete };
            }
          : undefined;
        const stream = await d.chatStreamHub.open(actor.tenantId, actor.userId, backlog);
        const socket = ctx.req.socket;
        socket.setTimeout(0);
        socket.setNoDelay(true);
        socket.setKeepAlive(true);
        // The response closes when the client goes away (the request may have closed long before).
        ctx.res.once('close', () => stream.close());
        ctx.status = 200;
        ctx.set({
          'Content-Type': 'text/event-stream; charset=utf-8',
          'Cache-Control': 'no-cache, no-transform',
          Connection: 'keep-alive',
          'X-Accel-Buffering': 'no',
        });
        // Koa's own streaming reports a client that goes away as an application error; an event
        // stream always ends that way, so it is written here, headers first (contract §6: at once).
        ctx.respond = false;
        ctx.res.flushHeaders();
        stream.body.pipe(ctx.res);
        return RAW;
      },
    );

    const atags = ['lesson assistant'];
    r.post(
      '/api/lms/chat/lessons/:lessonId/ai',
      {
        operationId: 'askLessonAssistant',
        response: wire.AssistantAnswer,
        errors: errorsFrom(d.askLessonAssistant)(['LESSON_NOT_FOUND', 'NOT_ENROLLED', 'AI_UNAVAILABLE']),
        summary: 'Ask the AI assistant about a lesson (enrolment required); answers `{reply, sources: [{excerpt}]}`',
        access,
        rateLimit: 'ai',
        params: LessonParam,
        body: AskBody,
        tags: atags,
      },
      async ({ actor, params, body }) => assistantAnswerView(unwrap(await d.askLessonAssistant(actor, params.lessonId, body.message))),
    );

    r.get(
      '/api/lms/chat/lessons/:lessonId/ai/messages',
      {
        operationId: 'listLessonAiMessages',
        response: wire.AiMessagePage,
        errors: errorsFrom(d.listLessonAiMessages)(['LESSON_NOT_FOUND', 'NOT_ENROLLED']),
        summary: "The caller's questions and the assistant's answers about a lesson, newest first",
        access,
        params: LessonParam,
        query: pageQuery,
        tags: atags,
      },
      async ({ actor, params, query }) =>
        pageView(unwrap(await d.listLessonAiMessages(actor, params.lessonId, toPageRequest(query))), aiMessageView),
    );
  };
