/** The two httpd versions the access model reads a tree as. */
export type Version = '2.2' | '2.4';
