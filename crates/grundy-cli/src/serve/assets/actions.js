// What a view does that a module above it owns: the person's move, setting up a board, drawing
// the Play tab again, the opponents offered, showing a move of the game (the review), playing
// on after the mode changed (modes.js). The owner sets each handler when it loads
// (play.js, play-view.js), so that the views below it (the board, the address) import nothing
// above them. A handler called before its owner loaded is a mistake, and says so.

function unset(name) {
  return () => {
    throw new Error(`${name} was called before play.js set it`);
  };
}

export const actions = {
  humanMove: unset('humanMove'),
  toggleSetupPiece: unset('toggleSetupPiece'),
  renderPlay: unset('renderPlay'),
  updateOpponentChoice: unset('updateOpponentChoice'),
  goToMove: unset('goToMove'),
  continueGame: unset('continueGame'),
};
