CREATE TABLE "search_words" (
	"word" text NOT NULL,
	"whole" boolean NOT NULL,
	"asks" integer NOT NULL,
	"asked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_words_word_whole_pk" PRIMARY KEY("word","whole")
);
