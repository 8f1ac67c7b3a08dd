import type { ChatMessage, Conversation } from '../../../domain/engagement/chat.js';
import type { Page, PageRequest } from '../../shared/ports.js';

export interface ConversationSummary {
  conversation: Conversation;
  participantIds: string[];
  lastMessage: ChatMessage | null;
  /** Messages of others after the caller's read marker. */
  unreadCount: number;
  lastReadSeq: number;
}

export interface ChatRepository {
  /**
   * Writes the conversation and its participants. A direct conversation whose pair already has
   * one writes nothing and answers the existing one (`created: false`), also under a race.
   */
  createConversation(c: Conversation, participantIds: readonly string[]): Promise<{ conversation: Conversation; created: boolean }>;
  findDirect(tenantId: string, directKey: string): Promise<Conversation | null>;
  /** The conversation when `userId` takes part in it, else null. */
  findForParticipant(tenantId: string, conversationId: string, userId: string): Promise<Conversation | null>;
  participantIds(tenantId: string, conversationId: string): Promise<string[]>;
  /** The user's conversations, latest activity first. */
  listForUser(tenantId: string, userId: string, page: PageRequest): Promise<Page<Conversation>>;
  /** Participants, last message and unread count of each conversation, in a fixed number of queries. */
  summaries(tenantId: string, userId: string, conversations: readonly Conversation[]): Promise<ConversationSummary[]>;
  /** Inserts the message (its `seq` assigned by the store) and moves the conversation's activity. */
  insertMessage(m: Omit<ChatMessage, 'seq'>): Promise<ChatMessage>;
  findMessage(tenantId: string, conversationId: string, messageId: string): Promise<ChatMessage | null>;
  /** Newest first; with `beforeSeq`, only older messages. */
  listMessages(
    tenantId: string,
    conversationId: string,
    options: { beforeSeq?: number | undefined; limit: number },
  ): Promise<ChatMessage[]>;
  latestSeq(tenantId: string, conversationId: string): Promise<number>;
  /**
   * Messages of every conversation of the user stored after `afterMessageId`, oldest first, at most
   * `limit`; null when that message is not one of the user's conversations.
   */
  messagesAfter(tenantId: string, userId: string, afterMessageId: string, limit: number): Promise<ChatMessage[] | null>;
  /** Moves the user's read marker forward to `seq`; never back. */
  markRead(tenantId: string, conversationId: string, userId: string, seq: number, at: Date): Promise<void>;
  /** Unread messages (of others) over all the user's conversations. */
  unreadTotals(tenantId: string, userId: string): Promise<{ messages: number; conversations: number }>;
}
