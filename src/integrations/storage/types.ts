export type StoredFile = { body: Buffer; contentType: string };

export interface FileStorage {
  get(key: string): Promise<StoredFile | null>;
  put(key: string, file: StoredFile): Promise<void>;
  delete(key: string): Promise<void>;
}
