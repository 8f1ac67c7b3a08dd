export interface LinkingCode {
  id: string;
  tenantId: string;
  studentId: string;
  codeHash: string;
  expiresAt: Date;
  usedAt: Date | null;
  usedBy: string | null;
  createdAt: Date;
}

export interface ParentLink {
  tenantId: string;
  parentId: string;
  studentId: string;
  createdAt: Date;
}
