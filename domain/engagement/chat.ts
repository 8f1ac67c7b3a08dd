import { Role, type RoleLevel } from '../identity/role.js';

/**
 * Conversations (spec "Chat", contract §6). A conversation between exactly two people is
 * `direct` and unique per pair (creating it again answers the existing one); three or more
 * people make a `group`. Messages are ordered by a per-database sequence, not by time: two
 * messages in the same millisecond still have an order, and cursors and unread counts use it.
 */
export type ConversationKind = 'direct' | 'group';

export interface Conversation {
  id: string;
  tenantId: string;
  kind: ConversationKind;
  title: string | null;
  /** `direct` only: the two user ids, sorted and joined, unique per tenant. */
  directKey: string | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
  lastMessageAt: Date | null;
}

export const MESSAGE_TYPES = ['text', 'file', 'link'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface ChatMessage {
  id: string;
  tenantId: string;
  conversationId: string;
  senderId: string;
  content: string;
  messageType: MessageType;
  /** Order within the database (assigned on insert). */
  seq: number;
  createdAt: Date;
}

export const MAX_MESSAGE_CHARS = 5000;
export const MAX_PARTICIPANTS = 50;
export const MAX_TITLE_CHARS = 200;

export const directKey = (a: string, b: string): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

export interface ChatPerson {
  id: string;
  role: RoleLevel;
}

const isParentRole = (role: RoleLevel) => role >= Role.Parent && role < Role.Mentor;

/**
 * Who may start a conversation with whom (issue 6): anyone with Mentors and above (in either
 * direction: staff reach everyone, everyone reaches staff); a parent with their linked
 * children; a student with their linked parents. `linked` says whether the two are a linked
 * parent and student (either way round).
 */
export function mayStartConversation(initiator: ChatPerson, other: ChatPerson, linked: boolean): boolean {
  if (initiator.role >= Role.Mentor || other.role >= Role.Mentor) return true;
  if (!linked) return false;
  return (isParentRole(initiator.role) && other.role === Role.Student) || (initiator.role === Role.Student && isParentRole(other.role));
}

/** Which pairs need a parent-link look-up: only a parent and a student can be linked. */
export const needsLinkCheck = (a: ChatPerson, b: ChatPerson): { parentId: string; studentId: string } | null => {
  if (isParentRole(a.role) && b.role === Role.Student) return { parentId: a.id, studentId: b.id };
  if (a.role === Role.Student && isParentRole(b.role)) return { parentId: b.id, studentId: a.id };
  return null;
};

const FILE_PATH = /^\/api\/files\/download\/[0-9a-f-]{36}(\.[a-z0-9]{1,10})?$/;

const isHttpUrl = (s: string): boolean => {
  if (/\s/.test(s)) return false;
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * A message's content for its type: `text` any non-empty text up to 5000 characters; `link`
 * an http(s) URL; `file` an http(s) URL or one of our download paths (`/api/files/download/…`,
 * what `POST /api/file` answers). The server never fetches either.
 */
export function checkMessage(type: MessageType, content: string): string | null {
  if (!content.trim()) return 'content: must not be empty';
  if (content.length > MAX_MESSAGE_CHARS) return `content: at most ${MAX_MESSAGE_CHARS} characters`;
  if (type === 'link' && !isHttpUrl(content.trim())) return 'content: a link must be an http(s) URL';
  if (type === 'file' && !isHttpUrl(content.trim()) && !FILE_PATH.test(content.trim()))
    return 'content: a file must be an http(s) URL or /api/files/download/<file>';
  return null;
}
