/**
 * Each bucket's top-level folders (functions' store/keys.ts names the keys under them), the unit
 * a route is granted in a bucket: a route that keeps profile pictures never touches members'
 * files or recordings. Within a folder keys are per member, which only the application can hold
 * a request to (one role serves every member).
 */
export const BUCKET_FOLDERS = {
  files: ['messages', 'files', 'uploads', 'avatars', 'shares'],
  audio: ['voice-notes', 'speech', 'transcripts', 'mentor-interviews'],
} as const;

export type BucketName = keyof typeof BUCKET_FOLDERS;

/** `<bucket>:<folder>`, as a route declares what it may read and write (`RouteDef.lambda.buckets`). */
export type BucketFolder = { [B in BucketName]: `${B}:${(typeof BUCKET_FOLDERS)[B][number]}` }[BucketName];

/** The buckets a declaration names, each once. */
export function bucketNames(folders: readonly BucketFolder[]): BucketName[] {
  return [...new Set(folders.map((folder) => folder.split(':')[0] as BucketName))];
}

/** The folders of `bucket` a declaration names. */
export function foldersIn(folders: readonly BucketFolder[], bucket: BucketName): string[] {
  return folders.filter((folder) => folder.startsWith(`${bucket}:`)).map((folder) => folder.slice(bucket.length + 1));
}

/** The folder a key (or a listing's prefix) lies in: its first path segment. */
export function folderOfKey(key: string): string {
  return key.split('/')[0] ?? '';
}
