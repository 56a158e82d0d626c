/**
 * AccessFileName (semantics §1.9): which access file httpd reads in a directory. Each server (the
 * main server, each virtual host) has one list of names, set at server level only (RSRC_CONF): the
 * last AccessFileName line of its context; a virtual host without one of its own uses the main
 * server's, and the main server's default is `.htaccess`. Of that list, httpd reads only the
 * first name that exists in the directory.
 */

/** The main server's list when no AccessFileName sets one. */
export const DEFAULT_ACCESS_FILE_NAMES: readonly string[] = ['.htaccess'];

/** The list a context reads: its own, else the main server's, else the default. */
export function accessFileList(own: readonly string[] | undefined, server: readonly string[] | undefined): readonly string[] {
  return own ?? server ?? DEFAULT_ACCESS_FILE_NAMES;
}

/** The one name of `list` httpd reads in a directory where `exists` tells which names are there, or undefined. */
export function accessFileRead(list: readonly string[], exists: (name: string) => boolean): string | undefined {
  return list.find(exists);
}
