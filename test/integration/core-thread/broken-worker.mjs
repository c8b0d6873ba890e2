// A core's thread whose code cannot even load: it throws before it reads a message.
throw new Error('this core thread cannot start');
